import {
  addressRequest,
  addressStepAnswer,
  confirmationAnswer,
  confirmationQuery,
  deliveryRequest,
  deliveryStepAnswer,
  nextAnswer,
  orderNowRequest,
  paymentNextAnswer,
  paymentRequest,
  paymentStepAnswer,
  stepQuery,
} from "@workshop/domain/shop-api/checkout.ts";
import { addressFieldTexts } from "@workshop/domain/validation/address.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { shopForm } from "#server/http/shop-form.ts";
import { checkedBodyOf } from "#server/plugins/json-api.ts";
import { orderNow } from "./order-now.ts";
import { pay, paymentStep } from "./payment-step.ts";
import { clearCheckout, setCheckoutCookie } from "./session.ts";
import { addressStep, confirmationStep, deliveryStep } from "./step-views.ts";
import { chooseDelivery, saveAddress } from "./steps.ts";
import { startTestCheckout } from "./test-checkout.ts";

/**
 * The checkout as the storefront's pages read and write it (`/api/shop/checkout/…`,
 * packages/domain/src/shop-api/checkout.ts). Whose checkout it is, is the checkout cookie the call
 * carries: a caller without one has none, and an order is seen or paid only by the browser whose
 * checkout placed it (decision 013). A step answers what it shows or `{next}`, where to go instead;
 * a write answers `{next}`, with the cookie when it starts or forgets the checkout.
 */
export const checkoutShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/shop/checkout/confirmation?lang=&orderId=: step 1, the hat to confirm or why there is none. */
  app.get(
    "/api/shop/checkout/confirmation",
    { schema: { querystring: confirmationQuery, response: { 200: confirmationAnswer } } },
    async (request, reply) => {
      const { lang, orderId } = request.query;
      return privately(reply).send(await confirmationStep(request, orderId ?? null, lang));
    },
  );

  /** GET /api/shop/checkout/address?lang=: step 2, the address typed so far. */
  app.get(
    "/api/shop/checkout/address",
    { schema: { querystring: stepQuery, response: { 200: addressStepAnswer } } },
    async (request, reply) => {
      return privately(reply).send(await addressStep(request, request.query.lang));
    },
  );

  /** GET /api/shop/checkout/delivery?lang=: step 2, the delivery options of the saved address. */
  app.get(
    "/api/shop/checkout/delivery",
    { schema: { querystring: stepQuery, response: { 200: deliveryStepAnswer } } },
    async (request, reply) => {
      return privately(reply).send(await deliveryStep(request, request.query.lang));
    },
  );

  /** GET /api/shop/checkout/payment?lang=: step 3, the payment methods and the amounts to pay. */
  app.get(
    "/api/shop/checkout/payment",
    { schema: { querystring: stepQuery, response: { 200: paymentStepAnswer } } },
    async (request, reply) => {
      return privately(reply).send(await paymentStep(request, request.query.lang));
    },
  );

  /** POST /api/shop/checkout/order-now {productId, size, lang}: the hat starts this browser's checkout (sets the cookie). */
  app.post(
    "/api/shop/checkout/order-now",
    { schema: { body: checkedBodyOf(orderNowRequest, "Choose a hat and its size"), response: { 200: nextAnswer } } },
    async (request, reply) => {
      const { productId, size, lang } = request.body;
      const session = await orderNow(request, productId, size, lang);
      return setCheckoutCookie(reply, session).send({ next: "/checkout/confirmation" });
    },
  );

  /** POST /api/shop/checkout/address {…the address, lang}: saves it; a wrong field is a 400 with its message in `lang`. */
  app.post(
    "/api/shop/checkout/address",
    { schema: { body: checkedBodyOf(addressRequest, shopForm("Check the address", addressFieldTexts)), response: { 200: nextAnswer } } },
    async (request) => {
      const { lang: _, ...address } = request.body;
      return { next: await saveAddress(request, address) };
    },
  );

  /** POST /api/shop/checkout/delivery {deliveryOption, lang}: one of the saved address's options. */
  app.post(
    "/api/shop/checkout/delivery",
    {
      schema: {
        body: checkedBodyOf(deliveryRequest, "Please select a delivery option", { deliveryOption: "" }),
        response: { 200: nextAnswer },
      },
    },
    async (request) => {
      const { deliveryOption } = request.body;
      return { next: await chooseDelivery(request, deliveryOption) };
    },
  );

  /** POST /api/shop/checkout/payment {paymentMethod, orderId, lang}: places the order and starts its payment (the `orders` limit). */
  app.post(
    "/api/shop/checkout/payment",
    {
      config: { rateLimit: "orders" },
      schema: {
        body: checkedBodyOf(paymentRequest, "Please select a payment method", { paymentMethod: "" }),
        response: { 200: paymentNextAnswer },
      },
    },
    async (request) => {
      const { paymentMethod, orderId, lang } = request.body;
      return { next: await pay(request, { paymentMethod, orderId }, lang) };
    },
  );

  /** POST /api/shop/checkout/clear: forgets this browser's checkout (clears the cookie). */
  app.post("/api/shop/checkout/clear", { schema: { response: { 200: nextAnswer } } }, async (request, reply) => {
    await clearCheckout(request, reply);
    return reply.send({ next: "/products" });
  });

  /** POST /api/shop/checkout/test-checkout (sandbox only, else 404): a sample checkout at the payment step (sets the cookie). */
  app.post("/api/shop/checkout/test-checkout", { schema: { response: { 200: nextAnswer } } }, async (request, reply) => {
    const session = await startTestCheckout(request);
    return setCheckoutCookie(reply, session).send({ next: "/checkout/payment" });
  });
};

/** An answer that is this browser's alone: never kept by a cache. */
const privately = (reply: FastifyReply) => reply.header("Cache-Control", "private, no-store");
