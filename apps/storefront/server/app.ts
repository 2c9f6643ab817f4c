import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import { closeConnectionsWhenClosing } from "@workshop/http/closing.ts";
import { compressionOptions } from "@workshop/http/compression.ts";
import { answerError, refuse } from "@workshop/http/refusals.ts";
import { loggerOptions, OneLinePerRequest } from "@workshop/http/request-log.ts";
import { securityHeaders } from "@workshop/http/security-headers.ts";
import { routable, trustProxy } from "@workshop/http/server-options.ts";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import type { ServerBuild } from "react-router";
import { storefrontConfig } from "#app/config.server.ts";
import { apiProxy } from "./api-proxy.ts";
import { consoleRedirect } from "./console-redirect.ts";
import { reactRouter } from "./react-router.ts";
import { staticFiles } from "./static-files.ts";

/** The storefront's own folder (apps/storefront), wherever the process was started from. */
const storefrontRoot = path.resolve(import.meta.dirname, "..");

type Options = {
  dev: boolean;
  /** The folder whose production build is served (the bench serves another app through this stack). */
  root?: string;
  /** Where log lines go; by default standard output at LOG_LEVEL. */
  logger?: FastifyServerOptions["logger"];
};

/**
 * The storefront's web server: a health probe, the API's paths forwarded to it (api-proxy.ts), the
 * old staff addresses sent to the console, the public files, then every other request to React
 * Router, whose loaders and actions call the API. With `dev`, Vite serves the pages with hot reload.
 */
export async function buildStorefront({ dev, root = storefrontRoot, logger }: Options): Promise<FastifyInstance> {
  const c = storefrontConfig();
  const app = Fastify({
    logger: logger ?? loggerOptions(c.LOG_LEVEL),
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    trustProxy: trustProxy(c.TRUST_PROXY),
    // A page's address may be long (filters, a private link); React Router judges it, not the router.
    routerOptions: { maxParamLength: 2_000 },
    rewriteUrl: routable,
  });
  app.decorateRequest("cspNonce", "");
  closeConnectionsWhenClosing(app);
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => refuse(request, reply, { status: 404, error: "Not found" }));
  await app.register(fastifyCompress, compressionOptions);

  app.get("/healthz", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok" }));
  await app.register(apiProxy, { apiUrl: c.apiUrl });

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
