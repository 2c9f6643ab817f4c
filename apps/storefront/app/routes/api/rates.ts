import { usdToIdrRate } from "@workshop/api/pricing/fx-rate.ts";

/**
 * GET /api/rates/usd-idr: the USD to IDR rate (SPEC 7), from the rate source, its one-hour cache or
 * the default rate; always 200, with `fallback` telling whether the default was used.
 */
export async function loader() {
  const { rate, source, fetchedAt } = await usdToIdrRate();
  return Response.json(
    { rate: Number(rate), rateText: rate, base: "USD", quote: "IDR", source, fallback: source === "fallback", fetchedAt },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
