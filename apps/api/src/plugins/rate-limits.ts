import { refuse } from "@workshop/http/refusals.ts";
import { isApiPath, pathOf } from "@workshop/http/request-body.ts";
import type { onRequestHookHandler } from "fastify";
import { clientKey, limitOf, pastLimit, readLimitOf, refusal } from "#server/http/rate-limits.ts";
import { isCallbackToken } from "#server/payments/xendit/connection.ts";

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

declare module "fastify" {
  interface FastifyRequest {
    /** Seconds until a rate-limited client may try again; set only when this page write is refused. */
    retryAfter?: number;
  }
}

/**
 * Counts the request (src/http/rate-limits.ts); over the limit, answers 429 (JSON API) or marks
 * it for the 429 page. A client that asked for too many unknown private links (counted by their
 * endpoints) is refused those reads before any lookup, until its window ends; their pages then
 * show the 429 page.
 */
export const rateLimit: onRequestHookHandler = async (request, reply) => {
  const path = pathOf(request.originalUrl);
  const read = readLimitOf(request.method, path);
  const name = read ?? limitOf(request.method, path);
  if (!name) return;
  if (name === "webhooks" && isCallbackToken(headerOf(request.headers["x-callback-token"]))) return;
  const client = clientKey(request.ip);
  const seconds = read ? await pastLimit(read, client) : await refusal(name, client);
  if (seconds === null) return;
  reply.header("Retry-After", String(seconds));
  if (isApiPath(path)) return refuse(request, reply, { status: 429, error: `Too many requests. Please try again in ${seconds} seconds.` });
  request.retryAfter = seconds;
};
