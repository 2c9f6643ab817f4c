import type { FastifyPluginAsync } from "fastify";
import { catalogShopRoutes } from "./catalog/shop-routes.ts";
import { paymentShopRoutes } from "./checkout/payment-shop-routes.ts";
import { privateLinkShopRoutes } from "./checkout/private-link-shop-routes.ts";
import { checkoutShopRoutes } from "./checkout/shop-routes.ts";
import { customOrdersShopRoutes } from "./custom-orders/shop-routes.ts";
import { makingShopRoutes, stageMailsOneClickRoutes, stageMailsShopRoutes } from "./making/shop-routes.ts";
import { messagesShopRoutes } from "./messages/shop-routes.ts";
import { seoShopRoutes } from "./seo/shop-routes.ts";
import { shopRoutes } from "./shop/shop-routes.ts";
import { socialShopRoutes } from "./social/shop-routes.ts";

/**
 * The storefront's API (`/api/shop/…`, packages/domain/src/shop-api; `src/<area>/shop-routes.ts`):
 * what its pages read and the forms they send, for the visitor whose cookies the storefront passes
 * on. Anyone may call it: whose checkout or order it is, is the checkout cookie or a private link.
 */
export const shopApi: FastifyPluginAsync = async (api) => {
  for (const routes of [
    shopRoutes,
    catalogShopRoutes,
    socialShopRoutes,
    seoShopRoutes,
    messagesShopRoutes,
    checkoutShopRoutes,
    paymentShopRoutes,
    privateLinkShopRoutes,
    customOrdersShopRoutes,
    makingShopRoutes,
    stageMailsShopRoutes,
    stageMailsOneClickRoutes,
  ])
    await api.register(routes);
};
