import type { FastifyPluginAsync } from "fastify";
import { aiRoutes } from "./ai/routes.ts";
import { catalogRoutes } from "./catalog/routes.ts";
import { checkoutRoutes } from "./checkout/routes.ts";
import { customOrdersRoutes } from "./custom-orders/routes.ts";
import { deskRoutes } from "./desk/routes.ts";
import { mediaRoutes } from "./media/routes.ts";
import { paymentsRoutes } from "./payments/routes.ts";
import { pricingRoutes } from "./pricing/routes.ts";
import { socialRoutes } from "./social/routes.ts";

/**
 * The JSON API's routes, an area each (`src/<area>/routes.ts`). A path not listed here is still a
 * resource route of the storefront's (apps/storefront/app/routes/api), served through React Router.
 */
export const apiRoutes: FastifyPluginAsync[] = [
  catalogRoutes,
  pricingRoutes,
  socialRoutes,
  deskRoutes,
  checkoutRoutes,
  paymentsRoutes,
  customOrdersRoutes,
  mediaRoutes,
  aiRoutes,
];
