import type { FastifyReply, FastifyRequest } from "fastify";
import { isApiPath, type Refusal } from "#server/http/request-body.ts";

/** `{error}` for the JSON API, a line of text for pages; a body left unread closes the connection. */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  { status, error }: Refusal | { status: number; error: string },
): FastifyReply {
  if (!request.raw.complete) reply.header("Connection", "close");
  if (isApiPath(request.originalUrl)) return reply.code(status).send({ error });
  return reply.code(status).type("text/plain; charset=utf-8").send(error);
}
