import type { FastifyPluginAsync } from "fastify";
import { ordersSpecRoutes } from "./admin-orders/spec-routes.ts";
import { aiAdminRoutes } from "./ai/admin-routes.ts";
import { aiSpecRoutes } from "./ai/spec-routes.ts";
import { auditAdminRoutes } from "./audit/admin-routes.ts";
import { productsAdminRoutes } from "./catalog/admin-routes.ts";
import { catalogShopRoutes } from "./catalog/shop-routes.ts";
import { catalogSpecRoutes } from "./catalog/spec-routes.ts";
import { paymentShopRoutes } from "./checkout/payment-shop-routes.ts";
import { privateLinkShopRoutes } from "./checkout/private-link-shop-routes.ts";
import { checkoutShopRoutes } from "./checkout/shop-routes.ts";
import { checkoutSpecRoutes } from "./checkout/spec-routes.ts";
import { customOrdersAdminRoutes } from "./custom-orders/admin-routes.ts";
import { customOrdersShopRoutes } from "./custom-orders/shop-routes.ts";
import { customOrdersSpecRoutes } from "./custom-orders/spec-routes.ts";
import { mediaSpecRoutes } from "./media/spec-routes.ts";
import { inboxAdminRoutes } from "./messages/admin-routes.ts";
import { messagesShopRoutes } from "./messages/shop-routes.ts";
import { paymentsSpecRoutes } from "./payments/spec-routes.ts";
import { pricingAdminRoutes } from "./pricing/admin-routes.ts";
import { pricingSpecRoutes } from "./pricing/spec-routes.ts";
import { seoShopRoutes } from "./seo/shop-routes.ts";
import { shopRoutes } from "./shop/shop-routes.ts";
import { socialShopRoutes } from "./social/shop-routes.ts";
import { socialSpecRoutes } from "./social/spec-routes.ts";
import { peopleAdminRoutes } from "./staff/admin-people-routes.ts";
import { sessionAdminRoutes } from "./staff/admin-session-routes.ts";

/**
 * The JSON API's routes, an area each (`src/<area>/routes.ts`); a route that needs two areas is in
 * the one that depends on the other (placing and paying an order: checkout; the staff's order
 * endpoints: admin-orders; refunds: payments). Any other /api/ path is a JSON 404.
 */
export const apiRoutes: FastifyPluginAsync[] = [
  shopRoutes,
  catalogSpecRoutes,
  catalogShopRoutes,
  productsAdminRoutes,
  pricingSpecRoutes,
  pricingAdminRoutes,
  socialSpecRoutes,
  socialShopRoutes,
  seoShopRoutes,
  ordersSpecRoutes,
  inboxAdminRoutes,
  messagesShopRoutes,
  checkoutSpecRoutes,
  checkoutShopRoutes,
  paymentShopRoutes,
  privateLinkShopRoutes,
  paymentsSpecRoutes,
  customOrdersSpecRoutes,
  customOrdersShopRoutes,
  customOrdersAdminRoutes,
  mediaSpecRoutes,
  aiSpecRoutes,
  aiAdminRoutes,
  sessionAdminRoutes,
  peopleAdminRoutes,
  auditAdminRoutes,
];
