import { pathOf } from "@workshop/http/request-body.ts";
import type { FastifyRequest } from "fastify";

/**
 * What the services read of a request: its method, headers, cookies (@fastify/cookie parses them)
 * and the client's address as Fastify judged it (TRUST_PROXY). A route hands on its own request.
 */
export type Caller = Pick<FastifyRequest, "method" | "headers" | "cookies" | "ip">;

/** A header's value as sent, or null without one (Node joins a repeated header's values). */
export function headerOf(request: Pick<FastifyRequest, "headers">, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value.join(", ") : value) ?? null;
}

/** The query of a request's address as sent (repeated keys in their order, as the list links write them). */
export const searchParamsOf = (request: Pick<FastifyRequest, "originalUrl">): URLSearchParams =>
  new URLSearchParams(request.originalUrl.slice(pathOf(request.originalUrl).length));
