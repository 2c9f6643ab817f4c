import { Readable } from "node:stream";
import { idParams, productQuery } from "@workshop/domain/api-requests.ts";
import { parseProductId } from "@workshop/domain/product.ts";
import { apiProduct, apiProductList, apiSavedProduct } from "@workshop/domain/spec-api/products.ts";
import { productSchema } from "@workshop/domain/validation/product.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedBodyOf, methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { exportTurn } from "#server/staff/export-turns.ts";
import { type ExportFormat, exportFiles, exportFormats, productsExport } from "./export.ts";
import { createProduct, editableProduct, updateProduct } from "./product-changes.ts";
import { getProduct } from "./products.ts";
import { apiProductOf, inEnglish, productFieldsOf, specProductCheck } from "./spec-input.ts";
import { API_PAGE_LIMIT, apiProductPage, apiProductQuery, etagMatches, toApiProduct } from "./spec-view.ts";

/** The catalogue's JSON endpoints for anyone (SPEC 7). */
export const catalogSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/products: the products the shop shows, in id order (English unless ?lang=ru; hidden ones
   * left out), 100 at most per answer (`page`, `limit`); `Link: rel="next"` while there are more,
   * ETag and 304 for a client that has them.
   */
  app.get("/api/products", { schema: { response: { 200: apiProductList } } }, async (request, typedReply) => {
    // The body is the JSON text made once per page (its ETag is that text's): `apiProductList` describes
    // it in the OpenAPI document, and the serializer, which leaves JSON text alone, never checks it.
    const reply: FastifyReply = typedReply;
    const params = searchParamsOf(request);
    const query = apiProductQuery(params);
    const origin = config().publicUrl;
    const page = await apiProductPage(query, origin);
    reply.headers({ ETag: page.etag, "Cache-Control": "public, max-age=0, must-revalidate", "X-Total-Count": String(page.total) });
    const link = (n: number, rel: string) => {
      const to = new URL("/api/products", origin);
      if (params.has("lang")) to.searchParams.set("lang", query.locale);
      to.searchParams.set("page", String(n));
      if (query.limit !== API_PAGE_LIMIT) to.searchParams.set("limit", String(query.limit));
      return `<${to}>; rel="${rel}"`;
    };
    const links = [
      ...(query.page * query.limit < page.total ? [link(query.page + 1, "next")] : []),
      ...(query.page > 1 ? [link(query.page - 1, "prev")] : []),
    ];
    if (links.length > 0) reply.header("Link", links.join(", "));
    const ifNoneMatch = request.headers["if-none-match"];
    if (etagMatches(ifNoneMatch ?? null, page.etag)) return reply.code(304).send();
    return reply.type("application/json").send(page.body);
  });

  /** GET /api/products/:id: one product the shop shows, or 404 with a JSON error (a hidden one too). */
  app.get(
    "/api/products/:id",
    { schema: { params: idParams, querystring: productQuery, response: { 200: apiProduct } } },
    async (request) => {
      const id = parseProductId(request.params.id);
      const product = id === null ? null : await getProduct(id, request.query.lang);
      if (!product) throw new AppError("not_found", "Product not found");
      return toApiProduct(product, config().publicUrl);
    },
  );
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/products/export", handler: methodNotAllowed("GET") });
};

/** SPEC 3's product as the form's fields, checked by the form's schema (spec-input.ts). */
const specProduct = checkedBodyOf(productSchema, specProductCheck);

/** The product a PUT names, or a 404 before its body is read. */
async function editable(idParam: string) {
  const id = parseProductId(idParam);
  const current = id === null ? null : await editableProduct(id);
  if (!current) throw new AppError("not_found", "Product not found");
  return current;
}

// Before the check: a product's photo addresses are resolved to stored photos (a new product has none of its own).
const newProductFields = async (request: { body: unknown }) => {
  request.body = await productFieldsOf(request.body, config().publicUrl, []);
};
const productFields = async (request: { body: unknown; params: { id: string } }) => {
  const current = await editable(request.params.id);
  request.body = await productFieldsOf(request.body, config().publicUrl, current.images);
};

/** The catalogue's JSON endpoints for staff (SPEC 7), in the staff scope (spec-api.ts). */
export const catalogSpecStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST /api/products (staff): adds a product (SPEC 3 JSON); 201 with the product, 400 naming each bad field. */
  app.post(
    "/api/products",
    { preValidation: newProductFields, schema: { body: specProduct, response: { 201: apiSavedProduct } } },
    async (request, reply) => {
      const product = await createProduct(request.body, request.actor).catch((error) => {
        throw inEnglish(error);
      });
      return reply.code(201).header("Cache-Control", "no-store").send(apiProductOf(product, config().publicUrl));
    },
  );
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/products",
    handler: wrongMethod("Use POST to add a product"),
  });

  /**
   * GET /api/products/export (staff): every product as a download, `products.js` (an ES module
   * exporting the SPEC 3 array) by default, or `?format=json` / `?format=csv`.
   */
  // A download (an ES module, JSON or CSV file): left out of the OpenAPI document.
  app.get("/api/products/export", { schema: { hide: true } }, async (request, reply) => {
    const asked = searchParamsOf(request).get("format") ?? "js";
    if (!(exportFormats as readonly string[]).includes(asked))
      throw new AppError("invalid", `Unknown format: use ${exportFormats.join(", ")}`);
    const format = asked as ExportFormat;
    await exportTurn("products", request, reply);
    let body: ReadableStream<Uint8Array>;
    try {
      body = await productsExport(format, config().publicUrl);
    } catch (error) {
      request.log.error({ err: error }, "products export failed");
      throw new AppError("unavailable", "Failed to load products. Please try again later.");
    }
    const file = exportFiles[format];
    return reply
      .headers({
        "Content-Type": file.type,
        "Content-Disposition": `attachment; filename="${file.name}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      })
      .send(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>));
  });

  /** PUT /api/products/:id (staff): changes every field of a product (SPEC 3 JSON); 404 for an unknown id. */
  app.put(
    "/api/products/:id",
    { preValidation: productFields, schema: { params: idParams, body: specProduct, response: { 200: apiSavedProduct } } },
    async (request, reply) => {
      const { id } = await editable(request.params.id);
      const product = await updateProduct(id, request.body, request.actor).catch((error) => {
        throw inEnglish(error);
      });
      return reply.header("Cache-Control", "no-store").send(apiProductOf(product, config().publicUrl));
    },
  );
  app.route({
    method: ["POST", "PATCH", "DELETE"],
    url: "/api/products/:id",
    handler: wrongMethod("Use PUT to change a product"),
  });
};
