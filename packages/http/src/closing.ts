import type { FastifyInstance } from "fastify";

/**
 * While the server stops, every answer closes its connection: Node closes only the connections
 * idle at the moment it stops, and a keep-alive client would hold the others open for a minute.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("Connection", "close");
    done(null, payload);
  });
}
