import { idParams, productQuery } from "@workshop/domain/api-requests.ts";
import { parseProductId } from "@workshop/domain/product.ts";
import { productPageAnswer } from "@workshop/domain/shop-api/catalog.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { getProduct } from "./products.ts";

/** The catalogue as the storefront's pages read it (`/api/shop/…`, packages/domain/src/shop-api/catalog.ts). */
export const catalogShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/shop/products/:id?lang=: a product's page. */
  app.get("/api/shop/products/:id", { schema: { params: idParams, querystring: productQuery } }, async (request) => {
    const id = parseProductId(request.params.id);
    const product = id === null ? null : await getProduct(id, request.query.lang);
    if (!product) throw new AppError("not_found", "Product not found");
    return productPageAnswer.parse({ product });
  });
};
