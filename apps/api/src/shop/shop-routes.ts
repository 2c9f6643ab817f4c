import { shopSettingsAnswer, shopVersionsAnswer } from "@workshop/domain/shop-api/shop.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appliedVersions } from "#server/cache/versions.ts";
import { paymentsSandbox } from "#server/config.ts";

/** What every storefront asks of the API about the shop as a whole (packages/domain/src/shop-api/shop.ts). */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/shop/versions: the counters of what storefronts keep copies of, as this instance has
   * acted on them (cache/versions.ts). Each storefront asks four times a second, so an answered
   * one writes no log line (345,600 a day per storefront); a failed one still does.
   */
  app.get("/api/shop/versions", { logLevel: "warn", schema: { response: { 200: shopVersionsAnswer } } }, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return appliedVersions();
  });

  /** GET /api/shop/settings: how the shop runs, as its pages show it. */
  app.get("/api/shop/settings", { schema: { response: { 200: shopSettingsAnswer } } }, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { paymentsSandbox: paymentsSandbox() };
  });
};
