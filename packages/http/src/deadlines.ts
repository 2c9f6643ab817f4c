import type { FastifyInstance, FastifyServerOptions } from "fastify";

/**
 * How long a client may take to send a request (REQUEST_HEADERS_TIMEOUT_SECONDS,
 * REQUEST_BODY_TIMEOUT_SECONDS): headers must be complete within the first, and a body may pause no
 * longer than the second between two of its bytes. Without them a connection that sends the headers
 * of a body and then nothing is held for ever, and a few dozen of them fill every pool behind it.
 */
export type Deadlines = { headersSeconds: number; bodySeconds: number };

/**
 * However steadily it trickles in, a request is whole within this long: a body of 50 MB (staff's
 * photo uploads) still arrives at 1 Mbit/s.
 */
const WHOLE_REQUEST_MS = 10 * 60_000;

/** Node checks its header and request deadlines this often (by default every 30 s: up to 30 s late). */
const CHECK_EVERY_MS = 1_000;

/** The server options that hold the header deadline (Node answers 408 and closes) and the whole-request one. */
export function deadlineOptions({ headersSeconds }: Deadlines): Pick<FastifyServerOptions, "requestTimeout"> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: WHOLE_REQUEST_MS,
    http: { headersTimeout: headersSeconds * 1000, connectionsCheckingInterval: CHECK_EVERY_MS },
  };
}

/**
 * The body deadline: while a request's body is arriving, its connection is closed once nothing has
 * come for `bodySeconds` (the socket's idle timer, so every byte read starts it again). It ends with
 * the body; an answer already sent before then (a refusal) leaves the socket to Node's keep-alive
 * timer and to the refusal's own lingering limit (unread-body.ts).
 */
export function endStalledBodies(app: FastifyInstance, { bodySeconds }: Deadlines): void {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    // A request without a body is complete once its headers are (an injected one has no socket).
    if (raw.complete !== false || !raw.socket) return done();
    const socket = raw.socket;
    socket.setTimeout(bodySeconds * 1000);
    // Node tells the request first while its body is incomplete; a listener here keeps Node from
    // also answering for it, and the connection, body and all, is dropped.
    const stalled = () => socket.destroy();
    raw.once("timeout", stalled);
    const settled = () => {
      raw.removeListener("timeout", stalled);
      if (!reply.raw.writableFinished) socket.setTimeout(0);
    };
    raw.once("end", settled);
    raw.once("close", settled);
    done();
  });
}

/** The deadlines an app's configuration names. */
export const deadlinesOf = (c: { REQUEST_HEADERS_TIMEOUT_SECONDS: number; REQUEST_BODY_TIMEOUT_SECONDS: number }): Deadlines => ({
  headersSeconds: c.REQUEST_HEADERS_TIMEOUT_SECONDS,
  bodySeconds: c.REQUEST_BODY_TIMEOUT_SECONDS,
});
