import { contactFormErrors } from "@workshop/domain/i18n/form-errors.ts";
import { contactRequest } from "@workshop/domain/shop-api/contact.ts";
import { formTakenAnswer } from "@workshop/domain/shop-api/forms.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { shopForm } from "#server/http/shop-form.ts";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { saveContactMessage } from "./contact.ts";

/** The contact form as the storefront sends it (`/api/shop/contact`, packages/domain/src/shop-api/contact.ts). */
export const messagesShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/shop/contact {name, email, subject, message, lang} (public, rate-limited: contact):
   * stored for the inbox, the shop's copy mailed → 201 {ok: true}; a wrong field → 400 with its message in `lang`.
   */
  app.post(
    "/api/shop/contact",
    {
      config: { rateLimit: "contact" },
      schema: { body: checkedBodyOf(contactRequest, shopForm("Check the message", contactFormErrors)), response: { 201: formTakenAnswer } },
    },
    async (request, reply) => {
      const { lang, ...message } = request.body;
      await saveContactMessage(message, lang);
      return reply.code(201).send({ ok: true });
    },
  );
  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url: "/api/shop/contact",
    config: { rateLimit: "contact" },
    handler: methodNotAllowed("POST"),
  });
};
