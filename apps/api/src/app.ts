import fastifyCookie from "@fastify/cookie";
import { deadlinesOf } from "@workshop/http/deadlines.ts";
import { apiSecurityHeaders, sandboxSecurityHeaders } from "@workshop/http/security-headers.ts";
import { webServer } from "@workshop/http/web-server.ts";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { catchUpWithCaller } from "#server/cache/caller-version.ts";
import { config } from "#server/config.ts";
import { contractRoute, describeRoutes } from "#server/contract/openapi.ts";
import { probeRoutes } from "#server/health/probe-routes.ts";
import { staffOrigins } from "#server/http/same-origin.ts";
import { SANDBOX_PATH, sandboxRoutes } from "#server/payments/xendit/sandbox.ts";
import { adminApi } from "./admin-api.ts";
import { mediaFileRoutes } from "./media/file-routes.ts";
import { cors } from "./plugins/cors.ts";
import { jsonApi } from "./plugins/json-api.ts";
import { rateLimit } from "./plugins/rate-limits.ts";
import { shopApi } from "./shop-api.ts";
import { specApi } from "./spec-api.ts";

type Options = {
  dev: boolean;
  /** Where log lines go (tests read them); by default standard output at LOG_LEVEL. */
  logger?: FastifyServerOptions["logger"];
};

/**
 * The API's web server: health probes, the built-in Xendit sandbox, then the JSON API, its
 * OpenAPI document (GET /openapi.json) and the photos (/media). Every route counts against the rate
 * limit its config names (plugins/rate-limits.ts).
 * The storefront (apps/storefront) and the staff console (apps/admin) are its clients.
 */
export async function buildApp({ dev, logger }: Options): Promise<FastifyInstance> {
  const c = config();
  const app = await webServer({ logLevel: c.LOG_LEVEL, logger, trustProxy: c.TRUST_PROXY, deadlines: deadlinesOf(c) });
  // BENCH_TIMING=1: every answer says how long the API took, so the bench tells the hop from the API's own work.
  if (c.BENCH_TIMING === "1")
    app.addHook("onSend", async (_request, reply) => {
      reply.header("Server-Timing", `app;dur=${reply.elapsedTime.toFixed(2)}`);
    });

  // The staff console (ADMIN_URL) and the other sites listed in CORS_ORIGINS; the shop's pages call
  // the API through the shop's own origin and need none.
  await app.register(cors, { origins: staffOrigins(c) });
  // request.cookies for every route; unsigned: the checkout id and the staff session id are random and looked up.
  await app.register(fastifyCookie);
  await app.register(probeRoutes);

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

  await describeRoutes(app);
  await app.register(async (site) => {
    site.addHook("onRequest", apiSecurityHeaders({ https }));
    site.addHook("onRequest", catchUpWithCaller);
    await site.register(contractRoute);
    await site.register(mediaFileRoutes);
    // One scope per caller, each with its own hooks: SPEC 7's (staff's behind a guard), the storefront's, the console's.
    await site.register(jsonApi([specApi, shopApi, adminApi]));
  });
  return app;
}

/** A worker's web server (ROLE=worker): its health probes alone, for the orchestrator. */
export async function buildWorkerApp(): Promise<FastifyInstance> {
  const c = config();
  const app = await webServer({ logLevel: c.LOG_LEVEL, trustProxy: c.TRUST_PROXY, deadlines: deadlinesOf(c) });
  await app.register(probeRoutes);
  return app;
}
