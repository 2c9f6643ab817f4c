import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Actor } from "#server/audit/actor.ts";
import { AppError } from "#server/errors.ts";
import { requireOwnerSession, requireStaffApi, requireStaffSession, type StaffContext } from "./guard.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Who may call a route of a staff scope, said once by the route (unset: staff, a signed-in
     * person or a machine with ADMIN_API_TOKEN): `anyone` (signing in), `person` (a signed-in
     * person, not a machine), `owner` (in /api/admin an owner's session; in SPEC 7's staff
     * endpoints an owner or the machine, refused with `forbidden`).
     */
    role?: "anyone" | "person" | "owner";
    /** The 403 message a SPEC owners-only route gives staff. */
    forbidden?: string;
  }
  interface FastifyRequest {
    /** Who calls a staff route, as its scope's guard found them (audited with the route's change). */
    actor: Actor;
    /** The signed-in person of a staff route for a `person` or an `owner`. */
    staff: StaffContext;
  }
}

/**
 * Makes `scope` a staff scope: `guard` runs for each of its routes before the body is checked (the
 * preValidation hook), so a stranger gets 401 or 403 before any 400 that would tell a body's shape;
 * a write's CSRF and origin checks are the guard's. The body's own refusals come first, as for
 * every route: not JSON (415), too large (413), text the shop cannot store (400). A 405 is anyone's
 * (plugins/json-api.ts).
 */
function guarded(scope: FastifyInstance, guard: (request: FastifyRequest) => Promise<void>): void {
  scope.decorateRequest("actor", null as unknown as Actor);
  scope.decorateRequest("staff", null as unknown as StaffContext);
  scope.addHook("preValidation", async (request) => {
    if (request.routeOptions.config.role === "anyone") return;
    await guard(request);
  });
}

/** SPEC 7's staff endpoints: staff or the machine; an owners-only one refuses staff with its own 403. */
export function guardSpecStaff(scope: FastifyInstance): void {
  guarded(scope, async (request) => {
    request.actor = await requireStaffApi(request);
    const { role, forbidden } = request.routeOptions.config;
    if (role === "owner" && request.actor.role !== "owner" && request.actor.role !== "machine")
      throw new AppError("forbidden", forbidden ?? "Only an owner may do this.");
  });
}

/** The console's endpoints (/api/admin): staff or the machine; a `person`'s or an `owner`'s need a session. */
export function guardAdmin(scope: FastifyInstance): void {
  guarded(scope, async (request) => {
    const { role } = request.routeOptions.config;
    if (role === "person" || role === "owner") {
      request.staff = role === "owner" ? await requireOwnerSession(request) : await requireStaffSession(request);
      request.actor = request.staff.actor;
    } else request.actor = await requireStaffApi(request);
  });
}
