import type { AddressInfo } from "node:net";
import { storefrontConfig } from "#app/config.server.ts";
import { buildStorefront } from "./app.ts";

/** Starts the storefront: its pages on PORT, calling the API at API_URL (which may come up later). */
async function main() {
  const dev = process.argv.includes("--dev");
  const c = storefrontConfig();
  const app = await buildStorefront({ dev });
  try {
    await app.listen({ port: c.PORT, host: c.HOST });
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    console.error(
      inUse
        ? `Port ${c.PORT} is already in use (${c.HOST}): stop the program that uses it, or choose another port, e.g. PORT=${c.PORT + 1} npm start`
        : `The shop cannot listen on ${c.HOST}:${c.PORT}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  const { port } = app.server.address() as AddressInfo;
  console.log(`Shop running at http://localhost:${port} (${dev ? "development" : "production"}; API: ${c.apiUrl})`);

  let stopping = false;
  /** Stops accepting and lets the pages in flight finish; whatever is still busy after STOP_WITHIN_MS is cut off. */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    setTimeout(() => {
      console.error(`Not stopped within ${STOP_WITHIN_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    await app.close().catch((error: unknown) => console.error("Stopping the web server:", error));
    console.log("Stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** Kubernetes and most hosts wait 10 s after SIGTERM before they kill. */
const STOP_WITHIN_MS = 9_500;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
