import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { bodyRefusal, contentTypeRefusal, isApiPath, type Refusal, readBody, streamsBody } from "./request-body.ts";
import { CLIENT_IP_HEADER, routerContext } from "./request-context.ts";
import { isAdminWrite, sameOrigin } from "./same-origin.ts";

const originHeaders = (req: ExpressRequest) => ({ origin: req.get("origin") ?? null, secFetchSite: req.get("sec-fetch-site") ?? null });

/**
 * Express to React Router, as @react-router/express does, with two differences: the body is
 * checked and read here (request-body.ts) before any route sees it, and the route gets the
 * request's nonce and rate-limit verdict in its context (request-context.ts).
 */
export function reactRouterHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: "production" | "development") {
  const handle = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      // Methods a web Request cannot carry (new Request throws for them): not served here.
      if (unservedMethods.has(req.method)) return refuse(req, res, { status: 405, error: `${req.method} is not supported` });
      // A write to the admin from another site is refused before any route runs (403, nothing done).
      if (isAdminWrite(req.method, req.path) && !sameOrigin(originHeaders(req))) {
        warnOfOtherAddress(req);
        return refuse(req, res, { status: 403, error: "Cross-site request refused" });
      }
      const retryAfter = res.locals.retryAfter as number | undefined;
      let body: Buffer | undefined;
      // A refused (rate-limited) write is answered by the root route without its body.
      if (req.method !== "GET" && req.method !== "HEAD" && retryAfter === undefined && !streamsBody(req.method, req.path)) {
        const refusal = contentTypeRefusal(req);
        if (refusal) return refuse(req, res, refusal);
        const read = await readBody(req);
        if (!Buffer.isBuffer(read)) return refuse(req, res, read);
        const broken = await bodyRefusal(req, read);
        if (broken) return refuse(req, res, broken);
        body = read;
      }
      const request = webRequest(req, res, body);
      if (!request) return refuse(req, res, { status: 400, error: "Bad request address" });
      const response = await handle(request, routerContext({ nonce: res.locals.cspNonce as string, retryAfter }));
      // A body the route left unread (a refused upload) is not read to its end: the connection closes.
      if (!req.complete) res.setHeader("Connection", "close");
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

const unservedMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

let warned = false;
/**
 * A refused admin form whose Origin is the address it was sent to is most likely staff reaching the
 * shop under another name than PUBLIC_URL (a LAN address): said once, so the owner knows what to set.
 */
function warnOfOtherAddress(req: ExpressRequest): void {
  if (warned || req.get("origin") !== `${req.protocol}://${req.get("host")}`) return;
  warned = true;
  console.warn(`admin: a form from ${req.get("origin")} was refused; set PUBLIC_URL to the address staff open the shop at`);
}

/** `{error}` for the JSON API, a line of text for pages; a body left unread closes the connection. */
function refuse(req: ExpressRequest, res: ExpressResponse, { status, error }: Refusal): void {
  if (!req.complete) res.setHeader("Connection", "close");
  if (isApiPath(req.path)) res.status(status).json({ error });
  else res.status(status).type("text/plain; charset=utf-8").send(error);
}

function webRequest(req: ExpressRequest, res: ExpressResponse, body: Buffer | undefined): Request | null {
  // A Host header that makes no URL (spaces, stray characters) is the client's mistake.
  const host = req.get("host") ?? "localhost";
  if (/[/\\?#@\s]/.test(host)) return null;
  const url = URL.parse(`${req.protocol}://${host}${req.originalUrl}`);
  // The route must see the path the rate limits and body checks saw: a path that resolves to
  // another one (dot segments, backslashes) would reach a route past its own limit.
  if (!url || url.pathname !== req.originalUrl.split("?")[0]) return null;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  // The client's address as Express judged it (TRUST_PROXY); a client cannot send its own.
  headers.set(CLIENT_IP_HEADER, req.ip ?? "");
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (body !== undefined) init.body = body.length > 0 ? new Uint8Array(body) : null;
  else if (req.method !== "GET" && req.method !== "HEAD") init.body = createReadableStreamFromReadable(req);
  if (init.body instanceof ReadableStream) (init as { duplex?: string }).duplex = "half";
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The route's own value of a header replaces the one the security headers set before it (one
  // X-Content-Type-Options, one Referrer-Policy); only cookies are several headers of one name.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
