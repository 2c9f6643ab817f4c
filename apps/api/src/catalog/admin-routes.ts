import { productListQuery } from "@workshop/domain/admin-product-list.ts";
import { idParams } from "@workshop/domain/api-requests.ts";
import { newProductBody, productAnswer, productListAnswer } from "@workshop/domain/staff-api/products.ts";
import { productFieldErrors, productSchema } from "@workshop/domain/validation/product.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { adminLocale } from "#server/staff/guard.ts";
import { adminProduct, adminProductList, requireProduct } from "./admin-view.ts";
import { createProductOnce, deleteProduct, setHidden, updateProduct } from "./product-changes.ts";

type ById = { Params: { id: string } };
const base = "/api/admin/products";
const noStore = { "Cache-Control": "no-store" };

/**
 * The product form's 400: each field's problem as a code by its path as the form shows it (a size's
 * row counts the empty rows the check leaves out), and a POST's nonce that is none as `expired`.
 */
function productFormRefusal(error: z.ZodError, fields: unknown): AppError {
  const rows = (fields as { sizes?: unknown }).sizes;
  const filled = (Array.isArray(rows) ? rows : []).flatMap((row, i) => (typeof row === "string" && row.trim() === "" ? [] : [i]));
  const details: Record<string, string> = {};
  for (const [path, code] of Object.entries(productFieldErrors(error))) {
    const size = /^sizes\.(\d+)$/.exec(path);
    details[size ? `sizes.${filled[Number(size[1])] ?? size[1]}` : path] = path === "nonce" ? "expired" : code;
  }
  return new AppError("invalid", "Check the product", details);
}

/** The product form (PUT), and with its one-time nonce (POST), each refused by productFormRefusal. */
const productForm = checkedBodyOf(productSchema, { refusal: productFormRefusal });
const newProductForm = checkedBodyOf(newProductBody, { refusal: productFormRefusal });

// An unknown product is a 404 before its form is judged.
const knownProduct = async (request: { params: { id: string } }) => {
  await requireProduct(request.params.id);
};

/**
 * The staff console's Products: the list, one product's form, adding (once per form: its nonce),
 * saving, hiding, showing and deleting, each a change of product-changes.ts (one transaction with
 * its audit row). A write made with the session's cookie needs its CSRF token, checked by the
 * guard before the body is read.
 */
export const productsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET ?q&status&limit&page (staff): one page of every product, hidden ones too, newest id first. */
  app.get(base, { schema: { response: { 200: productListAnswer } } }, async (request, reply) => {
    const query = productListQuery(searchParamsOf(request));
    const locale = await adminLocale(request);
    return reply.headers(noStore).send(await adminProductList(query, locale, config().publicUrl));
  });

  /** POST {…fields, nonce} (staff): 201 with the new product; the same form again adds nothing: 200 with the product it added. */
  app.post(base, { schema: { body: newProductForm, response: { 200: productAnswer, 201: productAnswer } } }, async (request, reply) => {
    const { nonce, ...input } = request.body;
    const { product, created } = await createProductOnce(input, nonce, request.actor);
    return reply
      .code(created ? 201 : 200)
      .headers(noStore)
      .send(adminProduct(product, config().publicUrl));
  });
  app.route({ method: ["PUT", "PATCH", "DELETE"], url: base, handler: methodNotAllowed("GET, POST") });

  /** GET /:id (staff): every field of the product in both languages, its photos with their alt texts; 404 for anything else. */
  app.get<ById>(`${base}/:id`, { schema: { response: { 200: productAnswer } } }, async (request, reply) => {
    return reply.headers(noStore).send(adminProduct(await requireProduct(request.params.id), config().publicUrl));
  });

  /** PUT /:id {…fields} (staff): saves every field (its photos and their order too); 404 before the form is judged. */
  app.put(
    `${base}/:id`,
    { preValidation: knownProduct, schema: { params: idParams, body: productForm, response: { 200: productAnswer } } },
    async (request, reply) => {
      const { id } = await requireProduct(request.params.id);
      return reply.headers(noStore).send(adminProduct(await updateProduct(id, request.body, request.actor), config().publicUrl));
    },
  );

  /** DELETE /:id (staff): 204; a product with orders is a 409 `{details: {code: "ordered"}}`, to be hidden instead. */
  app.delete<ById>(`${base}/:id`, async (request, reply) => {
    const { id } = await requireProduct(request.params.id);
    await deleteProduct(id, request.actor).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === "conflict") throw new AppError("conflict", error.message, { code: "ordered" });
      throw error;
    });
    return reply.code(204).headers(noStore).send();
  });
  app.route({ method: ["POST", "PATCH"], url: `${base}/:id`, handler: methodNotAllowed("GET, PUT, DELETE") });

  /** POST /:id/hide and /:id/show (staff): out of the shop (its orders keep it) or back in; answers the product. */
  for (const [action, hidden] of [
    ["hide", true],
    ["show", false],
  ] as const) {
    app.post<ById>(`${base}/:id/${action}`, { schema: { response: { 200: productAnswer } } }, async (request, reply) => {
      const { id } = await requireProduct(request.params.id);
      await setHidden(id, hidden, request.actor);
      return reply.headers(noStore).send(adminProduct(await requireProduct(request.params.id), config().publicUrl));
    });
    app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: `${base}/:id/${action}`, handler: methodNotAllowed("POST") });
  }
};
