import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerConfig } from "./console-config.ts";

/** The console's pages: the app itself under /admin, and the address staff type (the bare origin). */
const pageAddress = /^\/admin(?:[/?]|$)/;

/**
 * Files of the build that are not the console's: source maps (its sources with their comments) and
 * Vite's manifest (the bench's list of chunks). The production build makes neither; this keeps a
 * build that has them (the bench's, a debugging one) from publishing them.
 */
const privateFile = (pathname: string) => pathname.endsWith(".map") || pathname.startsWith("/.vite/") || pathname.includes("/.");

function securityHeaders(config: ServerConfig): Record<string, string> {
  return {
    // The console runs only its own scripts and styles and talks only to the API. Photos come from
    // the API and from the shop's address (the products list's thumbnails, PUBLIC_URL/media/…);
    // https: keeps a bucket's public address (S3_PUBLIC_URL, where /media redirects) allowed.
    "Content-Security-Policy": [
      "default-src 'self'",
      `connect-src 'self' ${config.apiUrl}`,
      `img-src 'self' data: blob: ${config.apiUrl} ${new URL(config.shopUrl).origin} https:`,
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
    // Served at an https address (ADMIN_URL), browsers never try plain http for it again.
    ...(config.adminUrl.startsWith("https://") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The built console (root: its dist/): the static files, /config.json from this environment, the
 * page for every address of the app (its router draws it), and the bare origin sent to /admin.
 */
export async function consoleServer(options: {
  root: string;
  config: ServerConfig;
  release: { app: string; version: string };
}): Promise<FastifyInstance> {
  const { root, config, release } = options;
  const headers = securityHeaders(config);
  const app = Fastify({ logger: false });
  app.addHook("onSend", async (_request, reply) => {
    reply.headers(headers);
  });
  // The process answers, and says which release of the console it serves.
  app.get("/healthz", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok", ...release }));
  const { apiUrl, shopUrl } = config;
  app.get("/config.json", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ apiUrl, shopUrl }));
  // What staff type is the origin: the console is at /admin.
  app.get("/", async (_request, reply) => reply.header("Cache-Control", "no-cache").redirect("/admin", 302));
  await app.register(fastifyStatic, {
    root,
    // One route for every file (the build's own config.json stays behind the route above).
    wildcard: true,
    index: false,
    allowedPath: (pathname) => !privateFile(pathname),
    // Hashed file names never change; the page itself is asked for again each time.
    setHeaders: (response, file) =>
      response.header("Cache-Control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache"),
  });
  app.setNotFoundHandler((request, reply) => {
    // Only the app's own addresses get the page; a missing file or an API call sent here by mistake is a 404.
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && pageAddress.test(request.url);
    if (!wantsPage) return reply.code(404).type("text/plain").send("Not found");
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
  return app;
}
