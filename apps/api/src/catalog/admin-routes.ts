import { productListQuery } from "@workshop/domain/admin-product-list.ts";
import { newProductBody, newProductRequest, productAnswer, productListAnswer } from "@workshop/domain/staff-api/products.ts";
import { type ProductInput, productFieldErrors, productSchema } from "@workshop/domain/validation/product.ts";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { bodyOrNull, methodNotAllowed } from "#server/plugins/json-api.ts";
import { adminLocale } from "#server/staff/guard.ts";
import { adminProduct, adminProductList, requireProduct } from "./admin-view.ts";
import { createProductOnce, deleteProduct, setHidden, updateProduct } from "./product-changes.ts";

type ById = { Params: { id: string } };
const base = "/api/admin/products";
const noStore = { "Cache-Control": "no-store" };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The body of the product form, checked by its schema: a 400 naming each field's problem by its
 * path as the form shows it (a size's row counts the empty rows the check leaves out). A POST's
 * nonce is checked with it.
 */
function productBody(request: FastifyRequest, withNonce: boolean): { input: ProductInput; nonce: string } {
  const body = bodyOrNull(request);
  const raw = isRecord(body) ? body : {};
  const parsed = productSchema.safeParse(raw);
  const nonce = withNonce ? newProductRequest.safeParse(raw) : null;
  const details: Record<string, string> = {};
  if (!parsed.success) {
    const rows = Array.isArray(raw.sizes) ? raw.sizes : [];
    const filled = rows.flatMap((row, i) => (typeof row === "string" && row.trim() === "" ? [] : [i]));
    for (const [path, code] of Object.entries(productFieldErrors(parsed.error))) {
      const size = /^sizes\.(\d+)$/.exec(path);
      details[size ? `sizes.${filled[Number(size[1])] ?? size[1]}` : path] = code;
    }
  }
  if (nonce && !nonce.success) details.nonce = "expired";
  if (!parsed.success || (nonce && !nonce.success)) throw new AppError("invalid", "Check the product", details);
  return { input: parsed.data, nonce: nonce?.data?.nonce ?? "" };
}

/**
 * The staff console's Products: the list, one product's form, adding (once per form: its nonce),
 * saving, hiding, showing and deleting, each a change of product-changes.ts (one transaction with
 * its audit row). A write made with the session's cookie needs its CSRF token, checked by the
 * guard before the body is read.
 */
export const productsAdminRoutes: FastifyPluginAsync = async (app) => {
  /** GET ?q&status&limit&page (staff): one page of every product, hidden ones too, newest id first. */
  app.get(base, { schema: { response: { 200: productListAnswer } } }, async (request, reply) => {
    const query = productListQuery(searchParamsOf(request));
    const locale = await adminLocale(request);
    return reply.headers(noStore).send(await adminProductList(query, locale, config().publicUrl));
  });

  /** POST {…fields, nonce} (staff): 201 with the new product; the same form again adds nothing: 200 with the product it added. */
  app.post(base, { schema: { body: newProductBody, response: { 200: productAnswer, 201: productAnswer } } }, async (request, reply) => {
    const { input, nonce } = productBody(request, true);
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
  app.put<ById>(`${base}/:id`, { schema: { body: productSchema, response: { 200: productAnswer } } }, async (request, reply) => {
    const { id } = await requireProduct(request.params.id);
    const { input } = productBody(request, false);
    return reply.headers(noStore).send(adminProduct(await updateProduct(id, input, request.actor), config().publicUrl));
  });

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
