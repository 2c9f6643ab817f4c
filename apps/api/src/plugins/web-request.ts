import { Readable } from "node:stream";
import { pathOf } from "@workshop/http/request-body.ts";
import { headersOf } from "@workshop/http/web-headers.ts";
import type { FastifyRequest } from "fastify";

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
