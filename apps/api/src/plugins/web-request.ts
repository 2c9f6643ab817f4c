import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { CLIENT_IP_HEADER } from "#server/http/request-context.ts";

/**
 * The request as the shop's services read it, which the pages share with the API: a web Request
 * with the headers (cookies, language, Origin, the staff token) and the client's address as
 * Fastify judged it (TRUST_PROXY) under CLIENT_IP_HEADER. `stream`: with the body still to be read
 * (the photo uploads read it as it comes in); otherwise without one (the route has it parsed).
 */
export function webRequestOf(request: FastifyRequest, { stream = false } = {}): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const url = `${request.protocol}://${request.headers.host ?? "localhost"}${request.originalUrl}`;
  if (!stream) return new Request(url, { method: request.method, headers });
  return new Request(url, {
    method: request.method,
    headers,
    body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

/** The query of a request's address as sent. */
export const searchParamsOf = (request: FastifyRequest): URLSearchParams => new URL(request.originalUrl, "http://localhost").searchParams;
