import { shopSettingsAnswer, shopVersionsAnswer } from "@workshop/domain/shop-api/shop.ts";
import type { FastifyPluginAsync } from "fastify";
import { appliedVersions } from "#server/cache/versions.ts";
import { paymentsSandbox } from "#server/config.ts";

/** What every storefront asks of the API about the shop as a whole (packages/domain/src/shop-api/shop.ts). */
export const shopRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/shop/versions: the counters of what storefronts keep copies of, as this instance has
   * acted on them (cache/versions.ts). Each storefront asks four times a second, so an answered
   * one writes no log line (345,600 a day per storefront); a failed one still does.
   */
  app.get("/api/shop/versions", { logLevel: "warn" }, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return shopVersionsAnswer.parse(await appliedVersions());
  });

  /** GET /api/shop/settings: how the shop runs, as its pages show it. */
  app.get("/api/shop/settings", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return shopSettingsAnswer.parse({ paymentsSandbox: paymentsSandbox() });
  });
};
