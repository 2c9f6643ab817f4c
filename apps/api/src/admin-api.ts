import type { FastifyPluginAsync } from "fastify";
import { ordersAdminRoutes } from "./admin-orders/admin-routes.ts";
import { aiAdminRoutes } from "./ai/admin-routes.ts";
import { auditAdminRoutes } from "./audit/admin-routes.ts";
import { productsAdminRoutes } from "./catalog/admin-routes.ts";
import { customOrdersAdminRoutes } from "./custom-orders/admin-routes.ts";
import { makingAdminRoutes } from "./making/admin-routes.ts";
import { inboxAdminRoutes } from "./messages/admin-routes.ts";
import { pricingAdminRoutes } from "./pricing/admin-routes.ts";
import { peopleAdminRoutes } from "./staff/admin-people-routes.ts";
import { sessionAdminRoutes } from "./staff/admin-session-routes.ts";
import { guardAdmin } from "./staff/scope-guards.ts";

/**
 * The staff console's API (`/api/admin/…`, packages/domain/src/staff-api; `src/<area>/admin-routes.ts`),
 * staff's only: its guard lets in a signed-in person (a write: from the console's pages, with its
 * CSRF token) or a machine with ADMIN_API_TOKEN; a route for a person or an owner, or signing in,
 * says so once in its config (staff/scope-guards.ts).
 */
export const adminApi: FastifyPluginAsync = async (api) => {
  guardAdmin(api);
  for (const routes of [
    sessionAdminRoutes,
    peopleAdminRoutes,
    ordersAdminRoutes,
    makingAdminRoutes,
    productsAdminRoutes,
    customOrdersAdminRoutes,
    inboxAdminRoutes,
    pricingAdminRoutes,
    aiAdminRoutes,
    auditAdminRoutes,
  ])
    await api.register(routes);
};
