import { Readable } from "node:stream";
import { CLIENT_IP_HEADER } from "@workshop/http/client-ip.ts";
import { pathOf } from "@workshop/http/request-body.ts";
import type { FastifyRequest } from "fastify";

/**
 * The request's headers as a web Headers, with the client's address as Fastify judged it
 * (TRUST_PROXY) under CLIENT_IP_HEADER, replacing anything the client sent there.
 */
export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * The request as the shop's services read it, which the pages share with the API: a web Request
 * with the headers (cookies, language, Origin, the staff token, the client's address) and the
 * address's path and query. The services never read the host, so the client's Host header (which
 * may make no URL at all) is not used. `stream`: with the body still to be read (the photo uploads
 * read it as it comes in); otherwise without one (the route has it parsed).
 */
export function webRequestOf(request: FastifyRequest, { stream = false } = {}): Request {
  const path = pathOf(request.originalUrl);
  const url = new URL("http://localhost");
  url.pathname = path;
  url.search = request.originalUrl.slice(path.length);
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: headersOf(request) };
  if (stream) {
    init.body = Readable.toWeb(request.raw) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** The query of a request's address as sent. */
export const searchParamsOf = (request: FastifyRequest): URLSearchParams =>
  new URLSearchParams(request.originalUrl.slice(pathOf(request.originalUrl).length));
