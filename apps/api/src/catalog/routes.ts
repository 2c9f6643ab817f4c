import { isLocale } from "@workshop/domain/locale.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { toApiProduct } from "./api.ts";
import { getProduct, parseProductId } from "./products.ts";

/** A language asked for in the query: English unless `ru` (anything else is no choice, not an error). */
const lang = z
  .unknown()
  .optional()
  .transform((value) => (isLocale(value) ? value : "en"));

/** The catalogue's JSON endpoints (SPEC 7). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/products/:id: one product the shop shows, or 404 with a JSON error (a hidden one too). */
  app.get("/api/products/:id", { schema: { params: z.object({ id: z.string() }), querystring: z.object({ lang }) } }, async (request) => {
    const id = parseProductId(request.params.id);
    const product = id === null ? null : await getProduct(id, request.query.lang);
    if (!product) throw new AppError("not_found", "Product not found");
    return toApiProduct(product, config().publicUrl);
  });
};
