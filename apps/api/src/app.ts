import { randomUUID } from "node:crypto";
import fastifyCompress from "@fastify/compress";
import { closeConnectionsWhenClosing } from "@workshop/http/closing.ts";
import { compressionOptions } from "@workshop/http/compression.ts";
import { answerError, refuse } from "@workshop/http/refusals.ts";
import { loggerOptions, OneLinePerRequest } from "@workshop/http/request-log.ts";
import { sandboxSecurityHeaders, securityHeaders } from "@workshop/http/security-headers.ts";
import { routable, trustProxy } from "@workshop/http/server-options.ts";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { config } from "#server/config.ts";
import { healthRoutes } from "#server/health/routes.ts";
import { staffOrigins } from "#server/http/same-origin.ts";
import { SANDBOX_PATH, sandboxRoutes } from "#server/payments/xendit/sandbox.ts";
import { apiRoutes } from "./api-routes.ts";
import { cors } from "./plugins/cors.ts";
import { jsonApi } from "./plugins/json-api.ts";
import { rateLimit } from "./plugins/rate-limits.ts";

type Options = {
  dev: boolean;
  /** Where log lines go (tests read them); by default standard output at LOG_LEVEL. */
  logger?: FastifyServerOptions["logger"];
};

/**
 * The API's web server: health probes, the built-in Xendit sandbox, then the JSON API and media.
 * The storefront (apps/storefront) and the staff console (apps/admin) are its clients.
 */
export async function buildApp({ dev, logger }: Options): Promise<FastifyInstance> {
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
  closeConnectionsWhenClosing(app);
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => refuse(request, reply, { status: 404, error: "Not found" }));
  if (c.BENCH_TIMING === "1")
    app.addHook("onSend", async (_request, reply) => {
      reply.header("Server-Timing", `app;dur=${reply.elapsedTime.toFixed(2)}`);
    });

  await app.register(fastifyCompress, compressionOptions);

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
  });
  return app;
}
