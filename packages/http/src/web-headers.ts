import type { FastifyRequest } from "fastify";
import { CLIENT_IP_HEADER } from "./client-ip.ts";

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
