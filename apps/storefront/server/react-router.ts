import { Readable } from "node:stream";
import { refuse } from "@workshop/http/refusals.ts";
import { bodyRefusal, contentTypeRefusal, pathOf, readBody, streamsBody } from "@workshop/http/request-body.ts";
import { settleUnreadBody } from "@workshop/http/unread-body.ts";
import { headersOf } from "@workshop/http/web-headers.ts";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { catalogVersion } from "#app/web/catalog-version.ts";
import { routerContext } from "#app/web/request-context.ts";
import { sentWhole, wholeAnswer } from "./kept-pages.ts";

type Options = { build: ServerBuild | (() => Promise<ServerBuild>); mode: "production" | "development" };

/** Methods a web Request cannot carry (new Request throws for them): not served here. */
const unservedMethods = new Set(["CONNECT", "TRACE", "TRACK"]);
/** Every method a page or a resource route may answer; OPTIONS is the CORS plugin's (preflights). */
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "TRACE"];

/**
 * Every request no other route answers goes to React Router (pages, the JSON API's resource
 * routes, media), as @react-router/express did, with two differences: the body is checked and read
 * here (request-body.ts) before any route sees it, and the route gets the request's nonce and
 * rate-limit verdict in its context (request-context.ts).
 */
export const reactRouter: FastifyPluginAsync<Options> = async (app, { build, mode }) => {
  const handle = createRequestHandler(build, mode);

  app.addHook("onRequest", async (request, reply) => {
    if (unservedMethods.has(request.method)) return refuse(request, reply, { status: 405, error: `${request.method} is not supported` });
    if (readsBody(request)) {
      const refusal = contentTypeRefusal(request.originalUrl, request.headers["content-type"]);
      if (refusal) return refuse(request, reply, refusal);
    }
  });

  // The body stays a stream here: the route reads it (below, or an upload route as it streams in).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  app.route({
    method: methods,
    url: "/*",
    handler: async (request, reply) => {
      let body: Buffer | undefined;
      if (readsBody(request)) {
        const read = await readBody(request.raw);
        if (!Buffer.isBuffer(read)) return refuse(request, reply, read);
        const broken = await bodyRefusal(request.headers["content-type"], read);
        if (broken) return refuse(request, reply, broken);
        body = read;
      }
      const url = pageUrl(request);
      if (!url) return refuse(request, reply, { status: 400, error: "Bad request address" });
      const webRequest = toWebRequest(url, request, reply, body);
      const version = catalogVersion();
      const response = await handle(webRequest, routerContext({ nonce: request.cspNonce }));
      // A body the route left unread: a refused upload.
      settleUnreadBody(request, reply, { close: response.status === 413 });
      // A page written whole goes out as one buffer; a public one is kept for the next visitors (kept-pages.ts).
      if (sentWhole(response)) {
        const page = await wholeAnswer(request, reply, response, version);
        return reply.code(response.status).headers(page.headers).send(page.body);
      }
      return reply.send(response);
    },
  });
};

/** A write whose body this handler reads (a page's form). */
const readsBody = (request: FastifyRequest) =>
  request.method !== "GET" && request.method !== "HEAD" && !streamsBody(request.method, request.originalUrl);

/** The request's whole URL, or null for one the client got wrong. */
function pageUrl(request: FastifyRequest): URL | null {
  // A Host header that makes no URL (spaces, stray characters) is the client's mistake.
  const host = request.headers.host ?? "localhost";
  if (/[/\\?#@\s]/.test(host)) return null;
  const url = URL.parse(`${request.protocol}://${host}${request.originalUrl}`);
  // The route must see the path the rate limits and body checks saw: a path that resolves to
  // another one (dot segments, backslashes) would reach a route past its own limit.
  return url && url.pathname === pathOf(request.originalUrl) ? url : null;
}

function toWebRequest(url: URL, request: FastifyRequest, reply: FastifyReply, body: Buffer | undefined): Request {
  const headers = headersOf(request);
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: controller.signal };
  if (body !== undefined) init.body = body.length > 0 ? new Uint8Array(body) : null;
  else if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = Readable.toWeb(request.raw) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url.href, init);
}
