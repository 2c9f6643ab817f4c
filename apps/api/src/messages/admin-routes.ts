import { idParams } from "@workshop/domain/api-requests.ts";
import {
  inboxHandledRequest,
  inboxListAnswer,
  inboxListRequest,
  inboxMessageAnswer,
  inboxReplyAnswer,
} from "@workshop/domain/staff-api/inbox.ts";
import { replySchema } from "@workshop/domain/validation/reply.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedBodyOf, checkedByRoute, methodNotAllowed } from "#server/plugins/json-api.ts";
import { adminInboxList, inboxQuery, knownId, openedForAdmin } from "./admin-view.ts";
import { markHandled, replyToMessage } from "./inbox.ts";

type ById = { Params: { id: string } };
// An unknown message is a 404 before its form is judged.
const knownMessage = async (request: { params: { id: string } }) => {
  knownId(request.params.id);
};

/**
 * The staff console's inbox: contact messages, opened, answered and marked handled. Staff only
 * (a write made with the session's cookie needs its CSRF token, checked before the body is read).
 */
export const inboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/inbox?page&size&filter (staff): one page of messages, newest first; the query is checked after the staff check. */
  app.get(
    "/api/admin/inbox",
    { schema: { querystring: checkedByRoute(inboxListRequest), response: { 200: inboxListAnswer } } },
    async (request, reply) => {
      const query = inboxQuery(searchParamsOf(request));
      return reply.header("Cache-Control", "no-store").send(await adminInboxList(query));
    },
  );
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/inbox", handler: methodNotAllowed("GET") });

  /** GET /api/admin/inbox/:id (staff): the message and its replies; opening it marks it read. */
  app.get<ById>("/api/admin/inbox/:id", { schema: { response: { 200: inboxMessageAnswer } } }, async (request, reply) => {
    return reply.header("Cache-Control", "no-store").send(await openedForAdmin(knownId(request.params.id), request.actor));
  });

  /** PATCH /api/admin/inbox/:id {handled} (staff): handled (and read), or open again; answers the message. Audited when it changes. */
  app.patch(
    "/api/admin/inbox/:id",
    {
      preValidation: knownMessage,
      schema: {
        params: idParams,
        body: checkedBodyOf(inboxHandledRequest, "Say whether the message is handled"),
        response: { 200: inboxMessageAnswer },
      },
    },
    async (request, reply) => {
      const id = knownId(request.params.id);
      const { handled } = request.body;
      await markHandled(id, handled, request.actor);
      return reply.header("Cache-Control", "no-store").send(await openedForAdmin(id, request.actor));
    },
  );
  app.route({ method: ["POST", "PUT", "DELETE"], url: "/api/admin/inbox/:id", handler: methodNotAllowed("GET, PATCH") });

  /**
   * POST /api/admin/inbox/:id/replies {subject?, text, nonce} (staff): queues the reply through the
   * mail outbox, once per form (its nonce): 201 {queued: true}, or 200 {queued: false} for a form
   * already sent. 400 naming each wrong field.
   */
  app.post(
    "/api/admin/inbox/:id/replies",
    {
      preValidation: knownMessage,
      schema: {
        params: idParams,
        body: checkedBodyOf(replySchema, "Check the reply"),
        response: { 200: inboxReplyAnswer, 201: inboxReplyAnswer },
      },
    },
    async (request, reply) => {
      const id = knownId(request.params.id);
      const input = request.body;
      const result = await replyToMessage(id, input, request.actor);
      // Parsed above with the same schema: a refusal here is not expected, but it is still a 400.
      if (!result.ok) return (reply as FastifyReply).code(400).send({ error: "Check the reply", details: result.errors });
      return reply
        .code(result.queued ? 201 : 200)
        .header("Cache-Control", "no-store")
        .send({ queued: result.queued });
    },
  );
  app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: "/api/admin/inbox/:id/replies", handler: methodNotAllowed("POST") });
};
