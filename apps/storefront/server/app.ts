import path from "node:path";
import { deadlinesOf } from "@workshop/http/deadlines.ts";
import { stopping, stoppingAnswer } from "@workshop/http/process-life.ts";
import { releaseOf } from "@workshop/http/release.ts";
import { securityHeaders } from "@workshop/http/security-headers.ts";
import { webServer } from "@workshop/http/web-server.ts";
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from "fastify";
import type { ServerBuild } from "react-router";
import { storefrontConfig } from "#app/config.server.ts";
import { apiProxy } from "./api-proxy.ts";
import { consoleRedirect } from "./console-redirect.ts";
import { servesKeptPage } from "./kept-pages.ts";
import { reactRouter } from "./react-router.ts";
import { staticFiles } from "./static-files.ts";

/** The storefront's own folder (apps/storefront), wherever the process was started from. */
const storefrontRoot = path.resolve(import.meta.dirname, "..");
const release = releaseOf(new URL("../package.json", import.meta.url));

type Options = {
  dev: boolean;
  /** The folder whose production build is served (the bench serves another app through this stack). */
  root?: string;
  /** Where log lines go; by default standard output at LOG_LEVEL. */
  logger?: FastifyServerOptions["logger"];
};

/**
 * The storefront's web server: its health probes, the API's paths forwarded to it (api-proxy.ts), the
 * old staff addresses sent to the console, the public files, then every other request to React
 * Router, whose loaders and actions call the API; a public page kept from an earlier visitor is
 * answered before all of it (kept-pages.ts). With `dev`, Vite serves the pages with hot reload.
 */
export async function buildStorefront({ dev, root = storefrontRoot, logger }: Options): Promise<FastifyInstance> {
  const c = storefrontConfig();
  const app = await webServer({
    logLevel: c.LOG_LEVEL,
    logger,
    trustProxy: c.TRUST_PROXY,
    deadlines: deadlinesOf(c),
    front: servesKeptPage,
  });

  // The process answers, and says which release of the storefront it runs.
  app.get("/healthz", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok", ...release }));
  // Ready for visitors until a stop signal: then 503 while it drains (SHUTDOWN_DRAIN_SECONDS), so a balancer moves on.
  app.get("/readyz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (stopping()) return reply.code(503).send(stoppingAnswer);
    return reply.send({ status: "ready" });
  });
  await app.register(apiProxy, { apiUrl: c.apiUrl, perClient: c.FORWARD_CONNECTIONS_PER_CLIENT });

  const https = c.publicUrl.startsWith("https:");
  await app.register(async (site) => {
    site.addHook("onRequest", securityHeaders({ dev, https }));
    await site.register(consoleRedirect, { adminUrl: c.adminUrl, publicUrl: c.publicUrl });
    await site.register(pages({ dev, root }));
  });
  return app;
}

function pages({ dev, root }: { dev: boolean; root: string }): FastifyPluginAsync {
  return async (shop) => {
    if (dev) {
      const vite = await import("vite").then((v) => v.createServer({ root, server: { middlewareMode: true } }));
      await shop.register(import("@fastify/middie"));
      shop.use(vite.middlewares);
      await shop.register(reactRouter, {
        build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        mode: "development",
      });
      shop.addHook("onClose", () => vite.close());
      return;
    }
    await shop.register(staticFiles, { root });
    const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
    await shop.register(reactRouter, { build, mode: "production" });
  };
}
