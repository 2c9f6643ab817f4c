import { translator } from "@workshop/domain/i18n/core.ts";
import { customOrderFormErrors } from "@workshop/domain/i18n/form-errors.ts";
import { customOrderRequest } from "@workshop/domain/shop-api/custom-orders.ts";
import { formTakenAnswer } from "@workshop/domain/shop-api/forms.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { shopForm } from "#server/http/shop-form.ts";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { answerCustomerPhoto } from "./photo-answer.ts";
import { photoPaths } from "./signed-links.ts";
import { photoUnusable, submitCustomOrder } from "./submit.ts";

/**
 * The custom hat request as the storefront sends it (`/api/shop/custom-orders`,
 * packages/domain/src/shop-api/custom-orders.ts), and its reference photo as its customer's pages show it.
 */
export const customOrdersShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/shop/custom-orders {…the form's fields, referenceImages, lang} (public, rate-limited:
   * customOrders): stored with status NEW, its photos taken, the mails queued → 201 {ok: true}; a
   * wrong field → 400 with its message in `lang`, a photo already used, expired or unknown under
   * `referenceImages` (nothing stored).
   */
  app.post(
    "/api/shop/custom-orders",
    {
      config: { rateLimit: "customOrders" },
      schema: {
        body: checkedBodyOf(customOrderRequest, shopForm("Check the request", customOrderFormErrors)),
        response: { 201: formTakenAnswer },
      },
    },
    async (request, reply) => {
      const { lang, ...order } = request.body;
      try {
        await submitCustomOrder(order, lang);
      } catch (error) {
        if (error instanceof AppError && error.message === photoUnusable)
          throw new AppError("invalid", photoUnusable, { referenceImages: translator(customOrderFormErrors, lang)("photo") });
        throw error;
      }
      return reply.code(201).send({ ok: true });
    },
  );
  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url: "/api/shop/custom-orders",
    config: { rateLimit: "customOrders" },
    handler: methodNotAllowed("POST"),
  });

  /** GET /api/shop/custom-orders/photos/:photoId?expires&sig: a reference photo by the customer's signed link (photo-answer.ts). */
  // A photo file, not JSON: left out of the OpenAPI document.
  app.get<{ Params: { photoId: string } }>(`${photoPaths.customer}/:photoId`, { schema: { hide: true } }, answerCustomerPhoto);
};
