import { workshopToday } from "@workshop/domain/admin-date.ts";
import { idParams } from "@workshop/domain/api-requests.ts";
import { quoteFormSchema } from "@workshop/domain/custom-quote.ts";
import { serialId } from "@workshop/domain/serial-id.ts";
import {
  customOrderAnswer,
  customOrderListAnswer,
  customOrderListRequest,
  customOrderMessageAnswer,
  customOrderNotesAnswer,
  customOrderNotesRequest,
  customOrderStatusRequest,
  customQuoteSentAnswer,
  customQuotesAnswer,
} from "@workshop/domain/staff-api/custom-orders.ts";
import { replySchema } from "@workshop/domain/validation/reply.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedBodyOf, checkedByRoute, methodNotAllowed } from "#server/plugins/json-api.ts";
import { adminCustomOrder, adminCustomOrderList, adminQuotes, customOrderQuery, knownCustomOrderId } from "./admin-view.ts";
import { answerReferencePhoto } from "./photo-answer.ts";
import { withdrawQuote, writeQuote } from "./quotes.ts";
import { changeCustomOrderStatus, contactCustomer, saveAdminNotes } from "./staff-work.ts";

type ById = { Params: { id: string } };
const base = "/api/admin/custom-orders";
// An unknown request is a 404 before its form is judged.
const knownRequest = async (request: { params: { id: string } }) => {
  knownCustomOrderId(request.params.id);
};

/**
 * The staff console's custom requests: the list, one request (status, notes, an e-mail to the
 * customer), its reference photos and its quotes. Staff only; a write made with the session's
 * cookie needs its CSRF token (the guard checks it before the body is read).
 */
export const customOrdersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET ?page&size&status&q (staff): one page, newest first; the query is checked after the staff check. */
  app.get(
    base,
    { schema: { querystring: checkedByRoute(customOrderListRequest), response: { 200: customOrderListAnswer } } },
    async (request, reply) => {
      const query = customOrderQuery(searchParamsOf(request));
      return reply.header("Cache-Control", "no-store").send(await adminCustomOrderList(query));
    },
  );
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: base, handler: methodNotAllowed("GET") });

  /** GET /:id (staff): the request, where its status may go, and the mails sent about it. */
  app.get<ById>(`${base}/:id`, { schema: { response: { 200: customOrderAnswer } } }, async (request, reply) => {
    return reply.header("Cache-Control", "no-store").send(await adminCustomOrder(knownCustomOrderId(request.params.id)));
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: `${base}/:id`, handler: methodNotAllowed("GET") });

  /**
   * PATCH /:id/status {next, expected} (staff): the status machine's move (status.ts); a form
   * shown before someone else's change, or a move the machine refuses, is a 409 {details: {code}}
   * with nothing changed. Answers the request as it is now.
   */
  app.patch(
    `${base}/:id/status`,
    {
      preValidation: knownRequest,
      schema: {
        params: idParams,
        body: checkedBodyOf(customOrderStatusRequest, "Choose the new status"),
        response: { 200: customOrderAnswer },
      },
    },
    async (request, reply) => {
      const id = knownCustomOrderId(request.params.id);
      const { next, expected } = request.body;
      await changeCustomOrderStatus(id, next, expected, request.actor);
      return reply.header("Cache-Control", "no-store").send(await adminCustomOrder(id));
    },
  );
  app.route({ method: ["GET", "POST", "PUT", "DELETE"], url: `${base}/:id/status`, handler: methodNotAllowed("PATCH") });

  /** PUT /:id/notes {notes, version} (staff): the whole notes; newer notes saved meanwhile are a 409 {details: {code: "stale-notes"}}. */
  app.put(
    `${base}/:id/notes`,
    {
      preValidation: knownRequest,
      schema: {
        params: idParams,
        body: checkedBodyOf(customOrderNotesRequest, "Check the notes"),
        response: { 200: customOrderNotesAnswer },
      },
    },
    async (request, reply) => {
      const id = knownCustomOrderId(request.params.id);
      const { notes, version } = request.body;
      return reply.header("Cache-Control", "no-store").send(await saveAdminNotes(id, notes, version, request.actor));
    },
  );
  app.route({ method: ["GET", "POST", "PATCH", "DELETE"], url: `${base}/:id/notes`, handler: methodNotAllowed("PUT") });

  /**
   * POST /:id/messages {subject?, text, nonce} (staff): an e-mail to the customer in their
   * language, through the outbox, once per form (its nonce): 201 {queued: true}, or 200 {queued: false}.
   */
  app.post(
    `${base}/:id/messages`,
    {
      preValidation: knownRequest,
      schema: {
        params: idParams,
        body: checkedBodyOf(replySchema, "Check the e-mail"),
        response: { 200: customOrderMessageAnswer, 201: customOrderMessageAnswer },
      },
    },
    async (request, reply) => {
      const id = knownCustomOrderId(request.params.id);
      const input = request.body;
      const result = await contactCustomer(id, input, request.actor);
      if (!result.ok) return (reply as FastifyReply).code(400).send({ error: "Check the e-mail", details: result.errors });
      return reply
        .code(result.queued ? 201 : 200)
        .header("Cache-Control", "no-store")
        .send({ queued: result.queued });
    },
  );
  app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: `${base}/:id/messages`, handler: methodNotAllowed("POST") });

  /** GET /:id/quotes (staff): the request in short, its quotes with their state and link, and what the form may do. */
  app.get<ById>(`${base}/:id/quotes`, { schema: { response: { 200: customQuotesAnswer } } }, async (request, reply) => {
    return reply.header("Cache-Control", "no-store").send(await adminQuotes(knownCustomOrderId(request.params.id)));
  });

  /**
   * POST /:id/quotes {price, description, productionTime, validUntil} (staff): writes the next
   * version and mails it to the customer (quotes.ts); 201 {email}. 400 naming each wrong field (a
   * past last day too), 409 when the request takes no more quotes.
   */
  app.post(
    `${base}/:id/quotes`,
    {
      preValidation: knownRequest,
      schema: { params: idParams, body: checkedBodyOf(quoteFormSchema, "Check the quote"), response: { 201: customQuoteSentAnswer } },
    },
    async (request, reply) => {
      const id = knownCustomOrderId(request.params.id);
      const form = request.body;
      if (form.validUntil < workshopToday()) throw new AppError("invalid", "Check the quote", { validUntil: "validUntil" });
      await writeQuote(id, form, request.actor);
      const { request: customer } = await adminQuotes(id);
      return reply.code(201).header("Cache-Control", "no-store").send({ email: customer.email });
    },
  );
  app.route({ method: ["PUT", "PATCH", "DELETE"], url: `${base}/:id/quotes`, handler: methodNotAllowed("GET, POST") });

  /** POST /:id/quotes/:quoteId/withdraw (staff): the customer's link stops working; answers the quotes as they are now. */
  app.post<{ Params: { id: string; quoteId: string } }>(
    `${base}/:id/quotes/:quoteId/withdraw`,
    { schema: { response: { 200: customQuotesAnswer } } },
    async (request, reply) => {
      const id = knownCustomOrderId(request.params.id);
      const quoteId = serialId(request.params.quoteId);
      if (quoteId === null) throw new AppError("not_found", "No such quote");
      await withdrawQuote(id, quoteId, request.actor);
      return reply.header("Cache-Control", "no-store").send(await adminQuotes(id));
    },
  );

  /** GET /photos/:photoId?expires&sig (staff): a private reference photo (photo-answer.ts). */
  // A photo file, not JSON: left out of the OpenAPI document.
  app.get<{ Params: { photoId: string } }>(`${base}/photos/:photoId`, { schema: { hide: true } }, answerReferencePhoto);
};
