import {
  balanceLinkRequest,
  orderDetailAnswer,
  orderEmailAnswer,
  orderEmailRequest,
  orderMailAnswer,
  orderNoteRequest,
  orderStatusRequest,
} from "@workshop/domain/staff-api/order.ts";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedBody, methodNotAllowed } from "#server/plugins/json-api.ts";
import { exportTurn } from "#server/staff/export-turns.ts";
import { adminLocale, requireStaffApi } from "#server/staff/guard.ts";
import { adminOrder, adminOrderMail, requireOrder } from "./admin-order-view.ts";
import { sendBalanceLink } from "./balance-link.ts";
import { addNote, changeStatus, markPaid, sendOrderEmail } from "./order-actions.ts";
import { adminQuery } from "./order-list.ts";
import { exportFileName, ordersCsv } from "./orders-csv.ts";

type ById = { Params: { id: string } };

const noStore = { "Cache-Control": "no-store" };

/**
 * The staff console's order page (`/api/admin/orders/:id…`): the order, and what staff do with it
 * through the services of order-actions.ts (each in one transaction, audited). Every write made
 * with the session's cookie needs its CSRF token, checked before the body is read; each answers
 * the order as the page shows it now.
 */
export const ordersAdminRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/admin/orders.csv?<the list's filters> (staff): every matching order as CSV, its
   * headers and statuses in the reader's language (orders-csv.ts).
   */
  // A download (CSV), not JSON: left out of the OpenAPI document.
  app.get("/api/admin/orders.csv", { schema: { hide: true } }, async (request, reply) => {
    await requireStaffApi(request);
    const query = adminQuery(searchParamsOf(request));
    await exportTurn("orders.csv", request, reply);
    const body = await ordersCsv(query, await adminLocale(request));
    return reply
      .headers({
        ...noStore,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      })
      .send(body);
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/orders.csv", handler: methodNotAllowed("GET") });

  const answer = async (request: FastifyRequest<ById>) => adminOrder(request.params.id);

  /** GET /api/admin/orders/:id (staff): the order, its payments, refunds, history, notes, and the moves it allows; 404 for anything else. */
  app.get<ById>("/api/admin/orders/:id", { schema: { response: { 200: orderDetailAnswer } } }, async (request, reply) => {
    await requireStaffApi(request);
    return reply.headers(noStore).send(await answer(request));
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/orders/:id", handler: methodNotAllowed("GET") });

  /** POST /api/admin/orders/:id/mark-paid (staff): a cash-in-store order paid at the workshop; 409 with a code when it cannot be. */
  app.post<ById>("/api/admin/orders/:id/mark-paid", { schema: { response: { 200: orderDetailAnswer } } }, async (request, reply) => {
    const actor = await requireStaffApi(request);
    await markPaid(request.params.id, actor);
    return reply.headers(noStore).send(await answer(request));
  });

  /** POST /api/admin/orders/:id/status {next, carrier?, trackingNumber?, reason?, expected?} (staff): one of the allowed moves. */
  app.post<ById>(
    "/api/admin/orders/:id/status",
    { schema: { body: orderStatusRequest, response: { 200: orderDetailAnswer } } },
    async (request, reply) => {
      const actor = await requireStaffApi(request);
      await requireOrder(request.params.id); // an unknown order is a 404 before its form is judged
      const input = checkedBody(request, orderStatusRequest, "Check the status change");
      await changeStatus(
        request.params.id,
        input.next,
        {
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          reason: input.reason ? { text: input.reason } : undefined,
          expected: input.expected,
        },
        actor,
      );
      return reply.headers(noStore).send(await answer(request));
    },
  );

  /** POST /api/admin/orders/:id/notes {text} (staff): 201 with the order. */
  app.post<ById>(
    "/api/admin/orders/:id/notes",
    { schema: { body: orderNoteRequest, response: { 201: orderDetailAnswer } } },
    async (request, reply) => {
      const actor = await requireStaffApi(request);
      await requireOrder(request.params.id);
      const { text } = checkedBody(request, orderNoteRequest, "Check the note", { text: "" });
      await addNote(request.params.id, text, actor);
      return reply
        .code(201)
        .headers(noStore)
        .send(await answer(request));
    },
  );

  /** POST /api/admin/orders/:id/emails {subject, text, nonce} (staff): 201 {sent: true}, or 200 {sent: false} for a form sent before. */
  app.post<ById>(
    "/api/admin/orders/:id/emails",
    { schema: { body: orderEmailRequest, response: { 200: orderEmailAnswer, 201: orderEmailAnswer } } },
    async (request, reply) => {
      const actor = await requireStaffApi(request);
      await requireOrder(request.params.id);
      const input = checkedBody(request, orderEmailRequest, "Check the e-mail", { subject: "", text: "" });
      const { sent } = await sendOrderEmail(request.params.id, input, actor);
      return reply
        .code(sent ? 201 : 200)
        .headers(noStore)
        .send({ sent });
    },
  );
  /**
   * POST /api/admin/orders/:id/balance-link {nonce} (staff): a custom hat's balance payment link
   * e-mailed to the customer (balance-link.ts); 201 {sent: true}, or 200 {sent: false} for a click
   * sent before; 409 with a code when the order has no balance to ask for now.
   */
  app.post<ById>(
    "/api/admin/orders/:id/balance-link",
    { schema: { body: balanceLinkRequest, response: { 200: orderEmailAnswer, 201: orderEmailAnswer } } },
    async (request, reply) => {
      const actor = await requireStaffApi(request);
      await requireOrder(request.params.id);
      const { nonce } = checkedBody(request, balanceLinkRequest, "Check the balance link");
      const { sent } = await sendBalanceLink(request.params.id, nonce, actor);
      return reply
        .code(sent ? 201 : 200)
        .headers(noStore)
        .send({ sent });
    },
  );

  /** GET /api/admin/orders/:id/mails/:mailId (staff): one e-mail of the order, its text; 404 for any other. */
  app.get<{ Params: { id: string; mailId: string } }>(
    "/api/admin/orders/:id/mails/:mailId",
    { schema: { response: { 200: orderMailAnswer } } },
    async (request, reply) => {
      await requireStaffApi(request);
      return reply.headers(noStore).send(await adminOrderMail(request.params.id, request.params.mailId));
    },
  );
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/orders/:id/mails/:mailId", handler: methodNotAllowed("GET") });

  for (const action of ["mark-paid", "status", "notes", "emails", "balance-link"])
    app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: `/api/admin/orders/:id/${action}`, handler: methodNotAllowed("POST") });
};
