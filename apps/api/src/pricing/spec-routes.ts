import { usdIdrRateAnswer } from "@workshop/domain/spec-api/rates.ts";
import type { FastifyPluginAsync } from "fastify";
import { usdToIdrRate } from "./fx-rate.ts";

/**
 * GET /api/rates/usd-idr: the USD to IDR rate (SPEC 7), from the rate source, its one-hour cache or
 * the default rate; always 200, with `fallback` telling whether the default was used.
 */
export const pricingSpecRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/rates/usd-idr", { schema: { response: { 200: usdIdrRateAnswer } } }, async (_request, reply) => {
    const { rate, source, fetchedAt } = await usdToIdrRate();
    reply.header("Cache-Control", "public, max-age=300");
    return { rate: Number(rate), rateText: rate, base: "USD", quote: "IDR", source, fallback: source === "fallback", fetchedAt };
  });
};
