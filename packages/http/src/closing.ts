import type { FastifyInstance } from "fastify";

/** How often, while the server stops, the connections that have gone idle since are closed. */
const REAP_EVERY_MS = 100;

/**
 * While the server stops, every answer closes its connection, and connections that go idle are
 * closed as they do. Node closes only the connections idle at the moment it stops: one whose
 * answer was already under way with keep-alive (a streamed or proxied body) goes idle afterwards,
 * and its client would hold the stop open for the whole keep-alive timeout.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    const reaper = setInterval(() => app.server.closeIdleConnections(), REAP_EVERY_MS).unref();
    app.server.once("close", () => clearInterval(reaper));
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("Connection", "close");
    done(null, payload);
  });
}
