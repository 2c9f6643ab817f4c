import { sitemapFileParams, sitemapIndexAnswer, sitemapProductsAnswer } from "@workshop/domain/shop-api/sitemaps.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { sitemapFiles, sitemapProducts } from "./sitemap.ts";

/**
 * What the storefront's sitemap lists (`/api/shop/sitemaps…`, packages/domain/src/shop-api/sitemaps.ts),
 * as data: the storefront writes the XML with its own public address and page paths, which are its
 * own settings and routes, not the API's.
 */
export const seoShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/shop/sitemaps (public): the products' files with the newest change in each. */
  app.get("/api/shop/sitemaps", { schema: { response: { 200: sitemapIndexAnswer } } }, async () => ({
    productFiles: await sitemapFiles(),
  }));

  /** GET /api/shop/sitemaps/products/:file (public): that file's products; 404 past the last file. */
  app.get(
    "/api/shop/sitemaps/products/:file",
    { schema: { params: sitemapFileParams, response: { 200: sitemapProductsAnswer } } },
    async (request) => {
      const products = await sitemapProducts(request.params.file);
      if (!products) throw new AppError("not_found", "No such sitemap file");
      return { products };
    },
  );
};
