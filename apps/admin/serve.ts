import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { apiReleaseAt, otherApiMessage } from "@workshop/domain/api-release.ts";
import Fastify from "fastify";
import { consoleConfig } from "./console-config.ts";
import { SPOKEN_API_MAJOR } from "./spoken-api.ts";

/**
 * The built console on ADMIN_PORT (default 3001), as `npm start` runs it: the static files of
 * dist/, /config.json from this environment, and index.html for every other address of the app
 * (its router draws the page). In production any static host or CDN can serve dist/ instead.
 */
const root = path.join(import.meta.dirname, "dist");
if (!existsSync(path.join(root, "index.html"))) {
  console.error("The console is not built: run `npm run build -w @workshop/admin` (npm start builds it).");
  process.exit(1);
}
const config = consoleConfig(process.env);
// An API of another major release is refused from the start; one not up yet is waited for.
const release = await apiReleaseAt(config.apiUrl, SPOKEN_API_MAJOR);
if (release.kind === "other") {
  console.error(otherApiMessage("console", config.apiUrl, release.version, SPOKEN_API_MAJOR));
  process.exit(1);
}
const port = Number(process.env.ADMIN_PORT || 3001);
const host = process.env.HOST || "0.0.0.0";

const securityHeaders = {
  // The console runs only its own scripts and styles and talks only to the API.
  "Content-Security-Policy": [
    "default-src 'self'",
    `connect-src 'self' ${config.apiUrl}`,
    `img-src 'self' data: blob: ${config.apiUrl} https:`,
    "script-src 'self'",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; "),
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "X-Robots-Tag": "noindex",
  "Cross-Origin-Opener-Policy": "same-origin",
};

const app = Fastify({ logger: false });
app.addHook("onSend", async (_request, reply) => {
  reply.headers(securityHeaders);
});
// The process answers, and says which release of the console it serves.
const { name, version } = JSON.parse(readFileSync(path.join(import.meta.dirname, "package.json"), "utf8")) as {
  name: string;
  version: string;
};
app.get("/healthz", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok", app: name, version }));
app.get("/config.json", async (_request, reply) => reply.header("Cache-Control", "no-store").send(config));
await app.register(fastifyStatic, {
  root,
  // One route for every file (the build's own config.json stays behind the route above).
  wildcard: true,
  index: false,
  // Hashed file names never change; the page itself is asked for again each time.
  setHeaders: (response, file) =>
    response.header("Cache-Control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache"),
});
app.setNotFoundHandler((request, reply) => {
  // Only the app's own addresses get the page; a missing file or an API call sent here by mistake is a 404.
  const wantsPage = (request.method === "GET" || request.method === "HEAD") && /^\/admin(?:[/?]|$)|^\/(?:\?|$)/.test(request.url);
  if (!wantsPage) return reply.code(404).type("text/plain").send("Not found");
  return reply.header("Cache-Control", "no-cache").sendFile("index.html");
});

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
