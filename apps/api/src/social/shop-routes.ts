import { socialFeedAnswer } from "@workshop/domain/shop-api/social.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { socialFeed } from "./instagram.ts";

/** The home page's social strip as the storefront reads it (`/api/shop/social`, packages/domain/src/shop-api/social.ts). */
export const socialShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/shop/social (public): the shop's recent posts, or its placeholders. Always 200. */
  app.get("/api/shop/social", { schema: { response: { 200: socialFeedAnswer } } }, async () => ({ posts: (await socialFeed()).posts }));
};
