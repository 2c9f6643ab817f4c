import { idParams } from "@workshop/domain/api-requests.ts";
import {
  newStaffRequest,
  ownPasswordRequest,
  resetPasswordRequest,
  staffChangeAnswer,
  staffListAnswer,
} from "@workshop/domain/staff-api/accounts.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { headerOf } from "#server/http/caller.ts";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { addStaff, changeMyPassword, disableStaff, enableStaff, resetStaffPassword, staffList } from "./admin-people.ts";
import { setStaffCookie } from "./cookie.ts";

type ById = { Params: { id: string } };
const owners = { role: "owner" } as const;
const list = { config: owners, schema: { response: { 200: staffListAnswer } } };
const changed = { 200: staffChangeAnswer, 201: staffChangeAnswer };
const change = { config: owners, schema: { response: changed } };

/**
 * The staff console's people (packages/domain/src/staff-api/accounts.ts): the staff accounts
 * (owners only) and one's own password. Each checks who asks first (401, then 403 for staff), then
 * the body (400 `{error, details: {field: key}}`); every write needs the CSRF token.
 */
export const peopleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Accounts and passwords are nobody's to keep: not a browser's cache, not a proxy's.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  /** GET /api/admin/staff (owners): every account, owners first. */
  app.get("/api/admin/staff", list, async (request) => staffList(request.staff));

  /** POST /api/admin/staff (owners) {email, name, role, locale, choice, password?}: 201, a made password shown once. */
  app.post(
    "/api/admin/staff",
    { config: owners, schema: { body: checkedBodyOf(newStaffRequest, "Check the new account's fields"), response: changed } },
    async (request, reply) => {
      const input = request.body;
      return reply.code(201).send(await addStaff(request.staff, input));
    },
  );

  /** POST /api/admin/staff/:id/disable (owners): signed out everywhere; never oneself or the last owner (409). */
  app.post<ById>("/api/admin/staff/:id/disable", change, async (request) => disableStaff(request.staff, request.params.id));

  /** POST /api/admin/staff/:id/enable (owners). */
  app.post<ById>("/api/admin/staff/:id/enable", change, async (request) => enableStaff(request.staff, request.params.id));

  /** POST /api/admin/staff/:id/password (owners) {choice, password?}: someone else's new password, a made one shown once. */
  app.post(
    "/api/admin/staff/:id/password",
    {
      config: owners,
      schema: { params: idParams, body: checkedBodyOf(resetPasswordRequest, "Choose or type the new password"), response: changed },
    },
    async (request) => {
      const choice = request.body;
      return resetStaffPassword(request.staff, request.params.id, choice);
    },
  );

  /**
   * PATCH /api/admin/account/password {current, next, repeat} (everyone's own): 204. Every session of
   * the account ends, this one too (its cookie may have been stolen): this browser gets a new one,
   * and asks GET /api/admin/session for its new token.
   */
  app.patch(
    "/api/admin/account/password",
    { config: { role: "person" }, schema: { body: checkedBodyOf(ownPasswordRequest, "Check the password fields") } },
    async (request, reply) => {
      const input = request.body;
      const session = await changeMyPassword(request.staff, input, { ip: request.ip, userAgent: headerOf(request, "user-agent") });
      return setStaffCookie(reply, session.id).code(204).send();
    },
  );

  app.route({ method: ["PUT", "PATCH", "DELETE"], url: "/api/admin/staff", handler: methodNotAllowed("GET, POST") });
  app.route({ method: ["GET", "POST", "PUT", "DELETE"], url: "/api/admin/account/password", handler: methodNotAllowed("PATCH") });
};
