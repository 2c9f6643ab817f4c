import { studioJobsAnswer, studioJobsRequest } from "@workshop/domain/staff-api/ai-studio.ts";
import type { FastifyPluginAsync } from "fastify";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedByRoute, methodNotAllowed } from "#server/plugins/json-api.ts";
import { studioJobs, studioJobsQuery } from "./admin-jobs.ts";

const base = "/api/admin/studio-jobs";

/**
 * The staff console's AI studio panel: the jobs it lists. A signed-in person only (a machine's
 * token has no person whose jobs for an unsaved product these would be); the panel's writes go to
 * the studio's own endpoints (spec-routes.ts), which take the console's session with its CSRF token.
 */
export const aiAdminRoutes: FastifyPluginAsync = async (app) => {
  /** GET ?product=<id> (staff session): the product's jobs, or without `product` this person's jobs for a product not saved yet; newest first. */
  app.get(
    base,
    { config: { role: "person" }, schema: { querystring: checkedByRoute(studioJobsRequest), response: { 200: studioJobsAnswer } } },
    async (request, reply) => {
      const query = studioJobsQuery(searchParamsOf(request));
      return reply.header("Cache-Control", "no-store").send(await studioJobs(query, request.staff.user.id));
    },
  );
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: base, handler: methodNotAllowed("GET") });
};
