import { idParams } from "@workshop/domain/api-requests.ts";
import {
  balanceLinkRequest,
  orderDetailAnswer,
  orderEmailAnswer,
  orderEmailRequest,
  orderMailAnswer,
  orderNoteRequest,
  orderStatusRequest,
} from "@workshop/domain/staff-api/order.ts";
import { dashboardAnswer, orderListAnswer } from "@workshop/domain/staff-api.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { exportTurn } from "#server/staff/export-turns.ts";
import { adminLocale } from "#server/staff/guard.ts";
import { adminOrder, adminOrderMail, requireOrder } from "./admin-order-view.ts";
import { adminDashboard, adminOrderList } from "./admin-view.ts";
import { sendBalanceLink } from "./balance-link.ts";
import { addNote, changeStatus, markPaid, sendOrderEmail } from "./order-actions.ts";
import { adminQuery } from "./order-list.ts";
import { exportFileName, ordersCsv } from "./orders-csv.ts";

type ById = { Params: { id: string } };

const noStore = { "Cache-Control": "no-store" };

/**
 * The staff console's dashboard, orders list and CSV, and order page (`/api/admin/orders/:id…`):
 * the order, and what staff do with it through the services of order-actions.ts (each in one
 * transaction, audited), each answering the order as the page shows it now. Staff only (the
 * scope's guard, admin-api.ts).
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/dashboard (staff): today's work queues and the money of this week and month (dashboardAnswer). */
  app.get("/api/admin/dashboard", { schema: { response: { 200: dashboardAnswer } } }, async (_request, reply) => {
    return reply.header("Cache-Control", "no-store").send(await adminDashboard());
  });

  /**
   * GET /api/admin/orders (staff): one page of the orders list (orderListRequest: page, size, sort,
   * search, filters), checked after the guard so a stranger learns nothing from a 400.
   */
  app.get("/api/admin/orders", { schema: { response: { 200: orderListAnswer } } }, async (request, reply) => {
    const query = adminQuery(searchParamsOf(request));
    return reply.header("Cache-Control", "no-store").send(await adminOrderList(query));
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/dashboard", handler: methodNotAllowed("GET") });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/orders", handler: methodNotAllowed("GET") });

  /**
   * GET /api/admin/orders.csv?<the list's filters> (staff): every matching order as CSV, its
   * headers and statuses in the reader's language (orders-csv.ts).
   */
  // A download (CSV), not JSON: left out of the OpenAPI document.
  app.get("/api/admin/orders.csv", { schema: { hide: true } }, async (request, reply) => {
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
  // An unknown order is a 404 before its form is judged.
  const knownOrder = async (request: { params: { id: string } }) => {
    await requireOrder(request.params.id);
  };

  /** GET /api/admin/orders/:id (staff): the order, its payments, refunds, history, notes, and the moves it allows; 404 for anything else. */
  app.get<ById>("/api/admin/orders/:id", { schema: { response: { 200: orderDetailAnswer } } }, async (request, reply) => {
    return reply.headers(noStore).send(await answer(request));
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/orders/:id", handler: methodNotAllowed("GET") });

  /** POST /api/admin/orders/:id/mark-paid (staff): a cash-in-store order paid at the workshop; 409 with a code when it cannot be. */
  app.post<ById>("/api/admin/orders/:id/mark-paid", { schema: { response: { 200: orderDetailAnswer } } }, async (request, reply) => {
    await markPaid(request.params.id, request.actor);
    return reply.headers(noStore).send(await answer(request));
  });

  /** POST /api/admin/orders/:id/status {next, carrier?, trackingNumber?, reason?, expected?} (staff): one of the allowed moves. */
  app.post(
    "/api/admin/orders/:id/status",
    {
      preValidation: knownOrder,
      schema: {
        params: idParams,
        body: checkedBodyOf(orderStatusRequest, "Check the status change"),
        response: { 200: orderDetailAnswer },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await changeStatus(
        request.params.id,
        input.next,
        {
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          reason: input.reason ? { text: input.reason } : undefined,
          expected: input.expected,
        },
        request.actor,
      );
      return reply.headers(noStore).send(await answer(request));
    },
  );

  /** POST /api/admin/orders/:id/notes {text} (staff): 201 with the order. */
  app.post(
    "/api/admin/orders/:id/notes",
    {
      preValidation: knownOrder,
      schema: {
        params: idParams,
        body: checkedBodyOf(orderNoteRequest, "Check the note", { text: "" }),
        response: { 201: orderDetailAnswer },
      },
    },
    async (request, reply) => {
      const { text } = request.body;
      await addNote(request.params.id, text, request.actor);
      return reply
        .code(201)
        .headers(noStore)
        .send(await answer(request));
    },
  );

  /** POST /api/admin/orders/:id/emails {subject, text, nonce} (staff): 201 {sent: true}, or 200 {sent: false} for a form sent before. */
  app.post(
    "/api/admin/orders/:id/emails",
    {
      preValidation: knownOrder,
      schema: {
        params: idParams,
        body: checkedBodyOf(orderEmailRequest, "Check the e-mail", { subject: "", text: "" }),
        response: { 200: orderEmailAnswer, 201: orderEmailAnswer },
      },
    },
    async (request, reply) => {
      const { sent } = await sendOrderEmail(request.params.id, request.body, request.actor);
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
  app.post(
    "/api/admin/orders/:id/balance-link",
    {
      preValidation: knownOrder,
      schema: {
        params: idParams,
        body: checkedBodyOf(balanceLinkRequest, "Check the balance link"),
        response: { 200: orderEmailAnswer, 201: orderEmailAnswer },
      },
    },
    async (request, reply) => {
      const { sent } = await sendBalanceLink(request.params.id, request.body.nonce, request.actor);
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
      return reply.headers(noStore).send(await adminOrderMail(request.params.id, request.params.mailId));
    },
  );
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/orders/:id/mails/:mailId", handler: methodNotAllowed("GET") });

  for (const action of ["mark-paid", "status", "notes", "emails", "balance-link"])
    app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: `/api/admin/orders/:id/${action}`, handler: methodNotAllowed("POST") });
};
