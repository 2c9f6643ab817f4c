import type { FastifyPluginAsync } from "fastify";
import { ordersSpecRoutes } from "./admin-orders/spec-routes.ts";
import { aiSpecRoutes } from "./ai/spec-routes.ts";
import { catalogSpecRoutes, catalogSpecStaffRoutes } from "./catalog/spec-routes.ts";
import { checkoutSpecRoutes } from "./checkout/spec-routes.ts";
import { customOrdersSpecRoutes, customOrdersSpecStaffRoutes } from "./custom-orders/spec-routes.ts";
import { mediaSpecRoutes } from "./media/spec-routes.ts";
import { paymentsSpecStaffRoutes, webhookSpecRoutes } from "./payments/spec-routes.ts";
import { pricingSpecRoutes } from "./pricing/spec-routes.ts";
import { socialSpecRoutes } from "./social/spec-routes.ts";
import { guardSpecStaff } from "./staff/scope-guards.ts";

/**
 * SPEC section 7's API, as any client calls it (`src/<area>/spec-routes.ts`): the endpoints anyone
 * may call, then staff's in a scope of their own whose guard lets in a machine with ADMIN_API_TOKEN
 * or a signed-in person (a write: from the console's pages, with its CSRF token), an owners-only
 * endpoint saying so in its config (staff/scope-guards.ts). A route that needs two areas is in the
 * one that depends on the other (placing and paying an order: checkout; refunds: payments).
 */
export const specApi: FastifyPluginAsync = async (api) => {
  for (const routes of [
    catalogSpecRoutes,
    pricingSpecRoutes,
    socialSpecRoutes,
    checkoutSpecRoutes,
    webhookSpecRoutes,
    customOrdersSpecRoutes,
  ])
    await api.register(routes);
  await api.register(async (staff) => {
    guardSpecStaff(staff);
    for (const routes of [
      catalogSpecStaffRoutes,
      ordersSpecRoutes,
      paymentsSpecStaffRoutes,
      customOrdersSpecStaffRoutes,
      mediaSpecRoutes,
      aiSpecRoutes,
    ])
      await staff.register(routes);
  });
};
