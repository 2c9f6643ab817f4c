import { idParams, productQuery } from "@workshop/domain/api-requests.ts";
import { parseFilter } from "@workshop/domain/catalog-filter.ts";
import { parseProductId } from "@workshop/domain/product.ts";
import { homeAnswer, productListAnswer, productPageAnswer } from "@workshop/domain/shop-api/catalog.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { productMaking } from "#server/making/promised-dates.ts";
import { listProducts } from "./product-list.ts";
import { featuredProducts, shownProduct } from "./products.ts";

/** The catalogue as the storefront's pages read it (`/api/shop/…`, packages/domain/src/shop-api/catalog.ts). */
export const catalogShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/shop/home?lang= (public): the home page's featured hats. */
  app.get("/api/shop/home", { schema: { querystring: productQuery, response: { 200: homeAnswer } } }, async (request) => ({
    featured: await featuredProducts(request.query.lang),
  }));

  /**
   * GET /api/shop/products?size&availability&sort&page&lang= (public): one page of the list. The
   * query is read as the list's links write it (catalog-filter.ts, repeated keys in their order);
   * by the list's rule (decision 004) a malformed value is its default and a page past the end the
   * last page, so no query is an error: a shared or mistyped link still shows the collection.
   */
  app.get("/api/shop/products", { schema: { querystring: productQuery, response: { 200: productListAnswer } } }, async (request) => {
    const filter = parseFilter(searchParamsOf(request));
    const page = await listProducts(filter, request.query.lang);
    return { filter: { ...filter, page: page.page }, page };
  });

  /** GET /api/shop/products/:id?lang=: a product's page, with when a hat made to order would come (making/promised-dates.ts). */
  const productPage = { params: idParams, querystring: productQuery, response: { 200: productPageAnswer } };
  app.get("/api/shop/products/:id", { schema: productPage }, async (request) => {
    const id = parseProductId(request.params.id);
    const shown = id === null ? null : await shownProduct(id, request.query.lang);
    if (!shown) throw new AppError("not_found", "Product not found");
    const { product, madeToOrder } = shown;
    return { product, making: product.inStock ? await productMaking(madeToOrder, request.query.lang) : null };
  });
};
