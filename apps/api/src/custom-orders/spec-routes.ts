import { customOrderCreated, customOrderList, referencePhotosStored } from "@workshop/domain/spec-api/custom-orders.ts";
import { referenceUploadLimits } from "@workshop/domain/uploads.ts";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { clientOf } from "#server/http/rate-limits.ts";
import { preferredLocale } from "#server/locale.ts";
import { readUploadForm } from "#server/media/upload-form.ts";
import { checkedBodyOf, methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { invalidInput } from "./invalid-input.ts";
import { answerReferencePhoto } from "./photo-answer.ts";
import { storeReferencePhotos } from "./reference-photos.ts";
import { photoPaths } from "./signed-links.ts";
import { listCustomOrders } from "./spec-view.ts";
import { customOrderStatuses, isCustomOrderStatus } from "./status.ts";
import { submitCustomOrder } from "./submit.ts";

/** The custom orders' JSON endpoints for anyone (SPEC 7): a request and its reference photos. */
export const customOrdersSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/custom-orders (public): SPEC 7's payload, `referenceImages` the ids that
   * POST /api/custom-orders/uploads answered → 201 {id}; bad input → 400 {error}.
   */
  app.post(
    "/api/custom-orders",
    {
      config: { rateLimit: "customOrders" },
      schema: {
        body: checkedBodyOf(customOrderSchema, { read: "as sent", json: "if any", refusal: invalidInput }),
        response: { 201: customOrderCreated },
      },
    },
    async (request, reply) => {
      const id = await submitCustomOrder(request.body, preferredLocale(request));
      return reply.code(201).send({ id });
    },
  );
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/custom-orders",
    config: { rateLimit: "customOrders" },
    handler: wrongMethod("Use POST to send a custom order request"),
  });

  /**
   * POST /api/custom-orders/uploads (public, rate-limited): multipart, the photos in the field `files`
   * (1 to 3, at most 5 MB each, images by their content). Stored privately; answers 201 with
   * `[{id}]` in the order sent, which POST /api/custom-orders then names; else `{error}` 400/413/429/503
   * (429 also when this client already has 15 photos waiting for a request).
   */
  app.post(
    "/api/custom-orders/uploads",
    { config: { rateLimit: "referencePhotos" }, schema: { response: { 201: referencePhotosStored } } },
    async (request, reply) => {
      const files = await readUploadForm(request, referenceUploadLimits);
      return reply.code(201).send(await storeReferencePhotos(files, clientOf(request)));
    },
  );
  app.get("/api/custom-orders/uploads", methodNotAllowed("POST", "Use POST"));
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/custom-orders/uploads",
    config: { rateLimit: "referencePhotos" },
    handler: wrongMethod("Use POST"),
  });
};

/** The custom orders' JSON endpoints for staff (SPEC 7), in the staff scope (spec-api.ts). */
export const customOrdersSpecStaffRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/custom-orders?page&limit&status (staff): newest first, {customOrders, pagination} in
   * SPEC 3's admin view; `status` (NEW, CONTACTED, QUOTED, IN_PROGRESS, COMPLETED, CANCELLED) keeps only those.
   */
  app.get("/api/custom-orders", { schema: { response: { 200: customOrderList } } }, async (request, reply) => {
    const params = searchParamsOf(request);
    const page = wholeNumber(params.get("page"), 1, 1, 100_000);
    const limit = wholeNumber(params.get("limit"), 10, 1, 100);
    const status = params.get("status") || undefined;
    if (status !== undefined && !isCustomOrderStatus(status))
      throw new AppError("invalid", `status must be one of ${customOrderStatuses.join(", ")}`);
    return reply.header("Cache-Control", "no-store").send(await listCustomOrders(page, limit, status));
  });

  /** GET /api/custom-orders/photos/:photoId?expires&sig (staff): a reference photo the list above links to. */
  // A photo file, not JSON: left out of the OpenAPI document.
  app.get<{ Params: { photoId: string } }>(`${photoPaths.spec}/:photoId`, { schema: { hide: true } }, answerReferencePhoto);
};

function wholeNumber(text: string | null, fallback: number, min: number, max: number): number {
  if (text === null || text === "") return fallback;
  if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new AppError("invalid", `page and limit must be whole numbers (limit ${min}–${max})`);
  }
  return Number(text);
}
