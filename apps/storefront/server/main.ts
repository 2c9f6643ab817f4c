import { apiReleaseAt, otherApiMessage, waitForApiRelease } from "@workshop/domain/api-release.ts";
import { listenOrExit, runMain, stopOnSignal } from "@workshop/http/process-life.ts";
import { SPOKEN_API_MAJOR } from "#app/api/spoken-api.ts";
import { storefrontConfig } from "#app/config.server.ts";
import { buildStorefront } from "./app.ts";

/** Starts the storefront: its pages on PORT, calling the API at API_URL (which may come up later). */
async function main() {
  const dev = process.argv.includes("--dev");
  const c = storefrontConfig();
  // An API of another major release is refused from the start. Under `npm start` (--wait-for-api) one
  // still starting is waited for, so no visitor's page meets it closed; elsewhere the shop starts at
  // once and answers its 503 page until the API is up.
  const release = process.argv.includes("--wait-for-api")
    ? await waitForApiRelease(c.apiUrl, SPOKEN_API_MAJOR, { onWait: () => console.log(`Waiting for the API at ${c.apiUrl}…`) })
    : await apiReleaseAt(c.apiUrl, SPOKEN_API_MAJOR);
  if (release.kind === "other") {
    console.error(otherApiMessage("storefront", c.apiUrl, release.version, SPOKEN_API_MAJOR));
    process.exit(1);
  }
  const app = await buildStorefront({ dev });
  const port = await listenOrExit(app, { port: c.PORT, host: c.HOST, portSetting: "PORT", name: "shop" });
  console.log(`Shop running at http://localhost:${port} (${dev ? "development" : "production"}; API: ${c.apiUrl})`);
  // After the drain (SHUTDOWN_DRAIN_SECONDS, /readyz answering 503 meanwhile), stops accepting and
  // lets the pages in flight finish.
  stopOnSignal([["web server", () => app.close()]], { drainMs: c.SHUTDOWN_DRAIN_SECONDS * 1000 });
}

runMain(main);
