import { exchangeRateAnswer, exchangeRateConfirmRequest } from "@workshop/domain/staff-api/exchange-rate.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { confirmHeldRate, HOLD_MS, type RateState, rateState, usdToIdrRate } from "./fx-rate.ts";

const noStore = { "Cache-Control": "no-store" };

const answerOf = ({ rateInUse, inUseSince, pendingRate, pendingSince }: RateState) => ({
  rate: rateInUse,
  since: inUseSince.toISOString(),
  held:
    pendingRate && pendingSince
      ? { rate: pendingRate, since: pendingSince.toISOString(), takenAt: new Date(pendingSince.getTime() + HOLD_MS).toISOString() }
      : null,
});

/** The exchange rate in the staff console: what prices use, and a held-back reading to confirm. */
export const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/exchange-rate (staff): the rate in use and a held-back reading, if any. */
  app.get("/api/admin/exchange-rate", { schema: { response: { 200: exchangeRateAnswer } } }, async (_request, reply) => {
    // The rate prices use now (the source read if its hour is over), then what was kept of it.
    const { rate, fetchedAt } = await usdToIdrRate();
    const state = await rateState();
    // No reading judged yet (the source unreachable): the default, nothing held back.
    return reply.headers(noStore).send(state ? answerOf(state) : { rate, since: fetchedAt, held: null });
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/exchange-rate", handler: methodNotAllowed("GET") });

  /**
   * POST /api/admin/exchange-rate/confirm {rate} (owners, from the console with its CSRF token): the
   * held-back reading becomes the rate in use, audited; 409 when it is not the one held back now.
   */
  app.post(
    "/api/admin/exchange-rate/confirm",
    {
      config: { role: "owner" },
      schema: { body: checkedBodyOf(exchangeRateConfirmRequest, "Name the rate to confirm"), response: { 200: exchangeRateAnswer } },
    },
    async (request, reply) => {
      const { rate } = request.body;
      return reply.headers(noStore).send(answerOf(await confirmHeldRate(request.actor, rate)));
    },
  );
  app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: "/api/admin/exchange-rate/confirm", handler: methodNotAllowed("POST") });
};
