import { randomUUID } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import { answerError, refuse } from "@workshop/http/refusals.ts";
import { loggerOptions, OneLinePerRequest } from "@workshop/http/request-log.ts";
import { sandboxSecurityHeaders, securityHeaders } from "@workshop/http/security-headers.ts";
import { routable, trustProxy } from "@workshop/http/server-options.ts";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import type { ServerBuild } from "react-router";
import { config } from "#server/config.ts";
import { healthRoutes } from "#server/health/routes.ts";
import { staffOrigins } from "#server/http/same-origin.ts";
import { storefrontRoot } from "#server/paths.ts";
import { SANDBOX_PATH, sandboxRoutes } from "#server/payments/xendit/sandbox.ts";
import { apiRoutes } from "./api-routes.ts";
import { cors } from "./plugins/cors.ts";
import { jsonApi } from "./plugins/json-api.ts";
import { rateLimit } from "./plugins/rate-limits.ts";
import { reactRouter } from "./plugins/react-router.ts";
import { staticFiles } from "./plugins/static-files.ts";
import { consoleRedirect } from "./staff/console-redirect.ts";

type Options = {
  dev: boolean;
  /** Whether this process serves the storefront's pages and files (default true; decision 033). */
  pages?: boolean;
  /** The storefront's folder, whose production build this process serves (decision 033). */
  root?: string;
  /** Where log lines go (tests read them); by default standard output at LOG_LEVEL. */
  logger?: FastifyServerOptions["logger"];
};

/**
 * The web server: health probes, the built-in Xendit sandbox, the storefront's public files, then
 * every other request to React Router (pages, JSON API, media). With `dev`, Vite serves the
 * storefront with hot reload instead of its build.
 */
export async function buildApp({ dev, pages = true, root = storefrontRoot, logger }: Options): Promise<FastifyInstance> {
  const c = config();
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
  // While the server stops, every answer closes its connection: Node closes only the connections
  // idle at the moment it stops, and a keep-alive client would hold the others open for a minute.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("Connection", "close");
    done(null, payload);
  });
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => refuse(request, reply, { status: 404, error: "Not found" }));

  // Answers only: a request body is never inflated (a small gzip body could unpack to gigabytes).
  await app.register(fastifyCompress, {
    threshold: 1024,
    globalDecompression: false,
    // Quality 4, as the compression middleware before: quality 11, zlib's default, costs a page ten times the CPU.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // The shop's own pages, the staff console (ADMIN_URL) and the other sites listed in CORS_ORIGINS.
  await app.register(cors, { origins: [...staffOrigins(c), ...c.CORS_ORIGINS] });
  await app.register(healthRoutes);

  const https = c.publicUrl.startsWith("https:");
  // The built-in Xendit simulator when no Xendit key is configured (payments/xendit/sandbox.ts).
  // Not rate-limited, as Xendit is not: the shop's own calls to it come from the loopback.
  await app.register(
    async (sandbox) => {
      sandbox.addHook("onRequest", sandboxSecurityHeaders({ dev, https }));
      await sandbox.register(sandboxRoutes);
    },
    { prefix: SANDBOX_PATH },
  );
  // Every route from here on (Fastify adds a hook to the routes registered after it).
  app.addHook("onRequest", rateLimit);

  await app.register(async (site) => {
    site.addHook("onRequest", securityHeaders({ dev, https }));
    await site.register(jsonApi(apiRoutes));
    await site.register(consoleRedirect);
    if (pages) await site.register(storefront({ dev, root }));
  });
  return app;
}

/** The storefront's pages and files, until it runs as its own process (decision 033). */
function storefront({ dev, root }: { dev: boolean; root: string }): FastifyPluginAsync {
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
