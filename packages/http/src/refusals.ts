import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isApiPath, type Refusal } from "./request-body.ts";
import { settleUnreadBody } from "./unread-body.ts";

/** `{error}` for the JSON API, a line of text for pages; a body left unread is settled (unread-body.ts). */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  { status, error }: Refusal | { status: number; error: string },
): FastifyReply {
  settleUnreadBody(request, reply, { close: status === 413 });
  if (isApiPath(request.originalUrl)) return reply.code(status).send({ error });
  return reply.code(status).type("text/plain; charset=utf-8").send(error);
}

/**
 * Errors no route answered itself: the client's (a body Fastify would not take, a malformed
 * header) with their status and message, anything else logged and answered as an opaque 500.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return refuse(request, reply, { status, error: error.message });
  request.log.error({ err: error }, "request failed");
  return refuse(request, reply, { status: 500, error: "Internal server error" });
}
