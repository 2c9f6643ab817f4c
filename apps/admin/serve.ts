import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { apiReleaseAt, otherApiMessage, waitForApiRelease } from "@workshop/domain/api-release.ts";
import { serverConfig } from "./console-config.ts";
import { consoleServer } from "./console-server.ts";
import { SPOKEN_API_MAJOR } from "./spoken-api.ts";

/**
 * The built console on ADMIN_PORT (default 3001), as `npm start` runs it (console-server.ts). In
 * production any static host or CDN can serve dist/ instead, with the same headers.
 */
const root = path.join(import.meta.dirname, "dist");
if (!existsSync(path.join(root, "index.html"))) {
  console.error("The console is not built: run `npm run build -w @workshop/admin` (npm start builds it).");
  process.exit(1);
}
const config = serverConfig(process.env);
// An API of another major release is refused from the start. Under `npm start` (--wait-for-api) one
// still starting is waited for, quietly: the shop's own start says it waits.
const release = process.argv.includes("--wait-for-api")
  ? await waitForApiRelease(config.apiUrl, SPOKEN_API_MAJOR)
  : await apiReleaseAt(config.apiUrl, SPOKEN_API_MAJOR);
if (release.kind === "other") {
  console.error(otherApiMessage("console", config.apiUrl, release.version, SPOKEN_API_MAJOR));
  process.exit(1);
}
const port = Number(process.env.ADMIN_PORT || 3001);
const host = process.env.HOST || "0.0.0.0";

const { name, version } = JSON.parse(readFileSync(path.join(import.meta.dirname, "package.json"), "utf8")) as {
  name: string;
  version: string;
};
const app = await consoleServer({ root, config, release: { app: name, version } });

try {
  await app.listen({ port, host });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Port ${port} is in use: stop what runs there or set ADMIN_PORT to another port.`);
    process.exit(1);
  }
  throw error;
}
console.log(`Staff console running at http://localhost:${port}/admin (API at ${config.apiUrl})`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
