import { auditListAnswer, auditListRequest } from "@workshop/domain/staff-api/audit.ts";
import type { FastifyPluginAsync } from "fastify";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedByRoute, methodNotAllowed } from "#server/plugins/json-api.ts";
import { adminAuditList } from "./admin-view.ts";

/** The audit log for the staff console (owners only). */
export const auditAdminRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/admin/audit?page&size&sort&person&kind&type&record (owners): one page of the log, the
   * query checked after who asks (a 400 naming each wrong parameter).
   */
  const list = { querystring: checkedByRoute(auditListRequest), response: { 200: auditListAnswer } };
  app.get("/api/admin/audit", { config: { role: "owner" }, schema: list }, async (request, reply) => {
    const given = Object.fromEntries([...searchParamsOf(request)].filter(([, value]) => value !== ""));
    const query = auditListRequest.safeParse(given);
    if (!query.success) {
      const details: Record<string, string> = {};
      for (const issue of query.error.issues) details[String(issue.path[0] ?? "query")] ??= issue.message;
      throw new AppError("invalid", `Unknown filter value: ${Object.keys(details).join(", ")}`, details);
    }
    return reply.header("Cache-Control", "no-store").send(await adminAuditList(query.data));
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/audit", handler: methodNotAllowed("GET") });
};
