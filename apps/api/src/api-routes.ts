import type { FastifyPluginAsync } from "fastify";
import { aiConsoleRoutes } from "./ai/console-routes.ts";
import { aiRoutes } from "./ai/routes.ts";
import { auditRoutes } from "./audit/routes.ts";
import { productsConsoleRoutes } from "./catalog/console-routes.ts";
import { catalogRoutes } from "./catalog/routes.ts";
import { catalogShopRoutes } from "./catalog/shop-routes.ts";
import { paymentShopRoutes } from "./checkout/payment-shop-routes.ts";
import { privateLinkShopRoutes } from "./checkout/private-link-shop-routes.ts";
import { checkoutRoutes } from "./checkout/routes.ts";
import { checkoutShopRoutes } from "./checkout/shop-routes.ts";
import { customOrdersConsoleRoutes } from "./custom-orders/console-routes.ts";
import { customOrdersRoutes } from "./custom-orders/routes.ts";
import { customOrdersShopRoutes } from "./custom-orders/shop-routes.ts";
import { deskRoutes } from "./desk/routes.ts";
import { mediaRoutes } from "./media/routes.ts";
import { messagesRoutes } from "./messages/routes.ts";
import { messagesShopRoutes } from "./messages/shop-routes.ts";
import { paymentsRoutes } from "./payments/routes.ts";
import { pricingConsoleRoutes } from "./pricing/console-routes.ts";
import { pricingRoutes } from "./pricing/routes.ts";
import { seoShopRoutes } from "./seo/shop-routes.ts";
import { shopRoutes } from "./shop/routes.ts";
import { socialRoutes } from "./social/routes.ts";
import { socialShopRoutes } from "./social/shop-routes.ts";
import { peopleRoutes } from "./staff/people-routes.ts";
import { staffRoutes } from "./staff/routes.ts";

/**
 * The JSON API's routes, an area each (`src/<area>/routes.ts`); a route that needs two areas is in
 * the one that depends on the other (placing and paying an order: checkout; the staff's order
 * endpoints: desk; refunds: payments). Any other /api/ path is a JSON 404.
 */
export const apiRoutes: FastifyPluginAsync[] = [
  shopRoutes,
  catalogRoutes,
  catalogShopRoutes,
  productsConsoleRoutes,
  pricingRoutes,
  pricingConsoleRoutes,
  socialRoutes,
  socialShopRoutes,
  seoShopRoutes,
  deskRoutes,
  messagesRoutes,
  messagesShopRoutes,
  checkoutRoutes,
  checkoutShopRoutes,
  paymentShopRoutes,
  privateLinkShopRoutes,
  paymentsRoutes,
  customOrdersRoutes,
  customOrdersShopRoutes,
  customOrdersConsoleRoutes,
  mediaRoutes,
  aiRoutes,
  aiConsoleRoutes,
  staffRoutes,
  peopleRoutes,
  auditRoutes,
];
