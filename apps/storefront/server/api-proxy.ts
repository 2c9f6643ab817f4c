import type { IncomingHttpHeaders } from "node:http";
import replyFrom from "@fastify/reply-from";
import { CLIENT_IP_HEADER, clientKey } from "@workshop/http/client-ip.ts";
import { refuse } from "@workshop/http/refusals.ts";
import { pathOf, readBody, routedPath } from "@workshop/http/request-body.ts";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ClientSlots } from "./client-slots.ts";

/**
 * What the shop's domain answers for the API (SPEC section 7): the JSON API, the photos under
 * /media and the built-in Xendit sandbox's pages, so that browser code and Xendit's webhook need
 * one public host. Answers stream back unchanged, with their status and headers; the API applies
 * its own rules, limits and security headers. The staff console's API (/api/admin) is not
 * forwarded: the console calls the API on its own origin.
 *
 * What crosses this hop is bounded, so that one client cannot hold the connections every customer
 * needs:
 * - a body is read whole here before a connection to the API is taken (as ingress-nginx's request
 *   buffering), up to the API's own limit, within the body deadline (packages/http deadlines.ts);
 *   only the two photo uploads stream through, on a pool of their own;
 * - each client has a share of each pool (ClientSlots); its other requests wait their turn;
 * - the client's address goes on as X-Forwarded-For, and every forwarding header the client sent
 *   is dropped: the API believes them only from a trusted proxy (its TRUST_PROXY), which this is.
 */
const forwardedPrefixes = ["/api", "/media", "/_sandbox/xendit"] as const;

/** The routes whose bodies (photos, up to 5 × 10 MB and 3 × 5 MB) the API reads as they stream in. */
const streamedUploads = ["/api/uploads", "/api/custom-orders/uploads"] as const;

/** Connections to the API per pool; uploads, slow by nature, have a smaller pool of their own. */
const POOL_CONNECTIONS = 64;
const UPLOAD_CONNECTIONS = 16;
/** Requests one client may have queued for a pool before it is refused. */
const MAX_WAITING_PER_CLIENT = 256;

const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Headers with which a client could speak for a proxy, or for the storefront's own calls. */
const isForwardingHeader = (name: string) =>
  name.startsWith("x-forwarded-") ||
  ["forwarded", "x-real-ip", "x-client-ip", "true-client-ip", "x-catalog-version", CLIENT_IP_HEADER].includes(name);

type Options = { apiUrl: string; perClient: number };

export const apiProxy: FastifyPluginAsync<Options> = async (app, { apiUrl, perClient }) => {
  for (const prefix of forwardedPrefixes) {
    await app.register(pool, { apiUrl, perClient, connections: POOL_CONNECTIONS, urls: [prefix, `${prefix}/*`], streamed: false });
  }
  await app.register(pool, { apiUrl, perClient: 2, connections: UPLOAD_CONNECTIONS, urls: streamedUploads, streamed: true });
};

type PoolOptions = Options & { connections: number; urls: readonly string[]; streamed: boolean };

/** One pool of connections to the API, for the routes `urls`. */
const pool: FastifyPluginAsync<PoolOptions> = async (scope, { apiUrl, perClient, connections, urls, streamed }) => {
  // Keep-alive connections to the API; an API that takes the request and never answers is given up on.
  await scope.register(replyFrom, { base: apiUrl, undici: { connections, headersTimeout: 30_000, bodyTimeout: 60_000 } });
  // The body stays unread: the handler reads it, or (an upload) it streams on to the API as it comes.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", (_request, payload, done) => done(null, streamed ? payload : undefined));
  const slots = new ClientSlots({ perClient, maxWaiting: MAX_WAITING_PER_CLIENT });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = routedPath(pathOf(request.originalUrl));
    if (path === "/api/admin" || path.startsWith("/api/admin/")) return refuse(request, reply, { status: 404, error: "Not found" });
    let body: Buffer | undefined;
    if (!streamed && hasBody(request)) {
      const read = await readBody(request.raw);
      if (!Buffer.isBuffer(read)) return refuse(request, reply, read);
      body = read;
    }
    const gone = new AbortController();
    reply.raw.once("close", () => gone.abort());
    const turn = slots.take(clientKey(request.ip), gone.signal);
    if (!turn) {
      reply.header("Retry-After", "1");
      return refuse(request, reply, { status: 429, error: "Too many requests at once. Please try again in a moment." });
    }
    const release = await turn.catch(() => null);
    // The client left while it waited: nothing to send.
    if (!release) return reply;
    reply.raw.once("close", release);
    return forward(request, reply, body);
  };
  for (const url of urls) scope.route({ method: streamed ? ["POST"] : methods, url, handler });
};

/** The request's headers as the API gets them: the client named by the storefront alone. */
export function headersForApi(request: { ip: string; protocol: string }, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !isForwardingHeader(name.toLowerCase())));
  return { ...kept, "x-forwarded-for": request.ip, "x-forwarded-proto": request.protocol };
}

const hasBody = (request: FastifyRequest) =>
  request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;

function forward(request: FastifyRequest, reply: FastifyReply, body: Buffer | undefined): FastifyReply {
  const bodyOption =
    body === undefined
      ? {}
      : body.length === 0
        ? { body: null }
        : { body, contentType: request.headers["content-type"] ?? "application/octet-stream" };
  return reply.from(request.url, {
    ...bodyOption,
    rewriteRequestHeaders: headersForApi,
    // reply-from closes the customer's connection whenever the API answers before the whole body
    // has arrived (a refused upload). The API itself reads the rest and throws it away, so that a
    // browser still sending reads the answer; the connection closes only where the API closes it
    // (a 413), as it would without the hop.
    onResponse: (_request, reply, res) => {
      if ((res as unknown as { headers: Record<string, string | undefined> }).headers.connection !== "close")
        reply.header("connection", "keep-alive");
      return reply.send(res.stream);
    },
    // An API that cannot be reached or does not answer in time: a JSON 503 the browser code shows as "try again".
    onError: (reply, { error }) => {
      reply.log.warn({ err: error }, "API not reached");
      if (!reply.sent)
        reply.code(503).header("Retry-After", "5").send({ error: "The shop is briefly unavailable. Please try again in a moment." });
    },
  });
}
