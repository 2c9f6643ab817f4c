import { stopping, stoppingAnswer } from "@workshop/http/process-life.ts";
import { releaseOf } from "@workshop/http/release.ts";
import type { FastifyPluginAsync } from "fastify";
import { config } from "#server/config.ts";
import { readiness } from "./readiness.ts";

const release = releaseOf(new URL("../../package.json", import.meta.url));

/**
 * GET /healthz: the process answers (a liveness probe restarts it otherwise), and says which
 * release of the API it runs and in which role (ROLE). GET /readyz: it
 * can serve customers (database, migrations, file storage); 503 naming the failing parts, or
 * saying it is shutting down, so a load balancer sends no one here meanwhile. Neither is ever cached.
 */
export const probeRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (_request, reply) =>
    reply.header("Cache-Control", "no-store").send({ status: "ok", ...release, role: config().ROLE }),
  );

  app.get("/readyz", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    // Shutting down (its drain): still serving the requests that come, but a balancer should send no more.
    if (stopping()) return reply.code(503).send(stoppingAnswer);
    const { ready, failing } = await readiness((message) => request.log.warn(message));
    if (ready) return reply.send({ status: "ready" });
    return reply.code(503).send({ status: "unavailable", failing, error: `Not ready: ${failing.join(", ")}` });
  });
};
