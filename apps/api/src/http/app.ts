import { readdirSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { config } from "#server/config.ts";
import { storefrontRoot } from "#server/paths.ts";
import { SANDBOX_PATH, sandboxRoutes } from "#server/payments/xendit/sandbox.ts";
import { rateLimit } from "./rate-limits.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import { sandboxSecurityHeaders, securityHeaders } from "./security-headers.ts";

/**
 * The web server: static assets, then every other request to React Router (pages, JSON API,
 * media). `root` is the storefront's folder, whose production build this process serves; with
 * `dev`, Vite serves the storefront with hot reload instead.
 */
export async function createApp({ dev, root = storefrontRoot }: { dev: boolean; root?: string }): Promise<express.Express> {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy(config().TRUST_PROXY));
  app.use(compression());
  const https = config().publicUrl.startsWith("https:");
  // The built-in Xendit simulator when no Xendit key is configured (server/payments/xendit/sandbox.ts).
  app.use(SANDBOX_PATH, sandboxSecurityHeaders({ dev, https }), sandboxRoutes);
  app.use(securityHeaders({ dev, https }));
  app.use(rateLimit);

  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ root, server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    app.use(reactRouterHandler(() => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>, "development"));
    return app;
  }

  const client = path.join(root, "build/client");
  // File names under /assets carry a content hash, so they never change.
  app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // Other public files (favicon, images/...) by their top-level names only, so a page request
  // never costs a file-system lookup.
  const publicNames = new Set(readdirSync(client).filter((name) => name !== "assets"));
  const publicFiles = express.static(client, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
  const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
  app.use(reactRouterHandler(build, "production"));
  return app;
}

/** TRUST_PROXY as Express reads it: true/false, a hop count, or addresses and subnets. */
function trustProxy(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}
