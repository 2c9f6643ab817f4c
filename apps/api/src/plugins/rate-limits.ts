import { refuse } from "@workshop/http/refusals.ts";
import type { onRequestHookHandler } from "fastify";
import { headerOf } from "#server/http/caller.ts";
import { clientKey, type LimitName, pastLimit, refusal } from "#server/http/rate-limits.ts";
import { isCallbackToken } from "#server/payments/xendit/connection.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The limit a route's requests count against (http/rate-limits.ts). A write (any method but
     * GET, HEAD and OPTIONS) counts against `writes` unless its route names another, or null for a
     * write that proves who sends it; a read counts against nothing, and one marked `linkMisses`
     * (a page found by a secret token) is refused while its client is past that limit.
     */
    rateLimit?: LimitName | null;
  }
}

const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/** The limit a request counts against, from its method and its route's `rateLimit` (none for an unknown address). */
export function limitOfRoute(method: string, declared: LimitName | null | undefined): LimitName | null {
  if (isRead(method)) return declared === "linkMisses" ? declared : null;
  return declared === undefined ? "writes" : declared;
}

/**
 * Counts the request against its route's limit (an unknown address's write against `writes`);
 * over the limit, answers 429. A client that asked for too many unknown private links (counted by
 * their routes: countLinkMiss) is refused those reads before any lookup, until its window ends.
 * A webhook with the shop's callback token is never counted: Xendit's retries always land.
 */
export const rateLimit: onRequestHookHandler = async (request, reply) => {
  const name = limitOfRoute(request.method, request.routeOptions.config.rateLimit);
  if (!name) return;
  const read = isRead(request.method);
  if (name === "webhooks" && isCallbackToken(headerOf(request, "x-callback-token"))) return;
  const client = clientKey(request.ip);
  const seconds = read ? await pastLimit(name, client) : await refusal(name, client);
  if (seconds === null) return;
  reply.header("Retry-After", String(seconds));
  return refuse(request, reply, { status: 429, error: `Too many requests. Please try again in ${seconds} seconds.` });
};
