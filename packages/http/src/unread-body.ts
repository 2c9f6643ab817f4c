import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The most of a refused body that is read and thrown away; a larger one has its connection cut. */
const DISCARD_LIMIT = 64 * 1024 * 1024;
/** How long the rest of a refused body may take to arrive before its connection is cut. */
const LINGER_MS = 30_000;

/**
 * A request answered before its body was read (a refusal). Closing the connection at once makes a
 * client that is still sending (a browser uploading photos with an expired session, fetch) see a
 * broken pipe or a reset instead of the answer. So, as nginx's lingering close does, the rest is
 * read and thrown away, up to DISCARD_LIMIT and within LINGER_MS. A refusal that keeps the
 * connection reuses it once the body is through; a 413 (`close`) answers with `Connection: close`,
 * ends its side after the answer, and drops the connection once the client has sent the rest; a body
 * declared larger than DISCARD_LIMIT closes it at once.
 */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply, { close = false } = {}): void {
  const raw = request.raw;
  // Node's request says `complete: false` while its body is arriving (a test's injected one has no such field).
  if (raw.complete !== false) return;
  if (Number(raw.headers["content-length"]) > DISCARD_LIMIT) {
    reply.header("Connection", "close");
    return;
  }
  const socket = raw.socket;
  const cut = () => socket?.destroy();
  const lingering = setTimeout(cut, LINGER_MS).unref();
  let discarded = 0;
  // The reader the route started (an upload's stream) gives way: nothing more of the body is kept.
  raw.removeAllListeners("data");
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) cut();
  });
  raw.once("end", () => clearTimeout(lingering));
  raw.once("close", () => clearTimeout(lingering));
  raw.resume();
  if (close && socket) {
    reply.header("Connection", "close");
    lingerBeforeClosing(socket, lingering);
  }
}

/**
 * After an answer with `Connection: close`, Node ends the socket and destroys it as soon as the
 * answer is written: a client still sending then gets a reset that can swallow the answer. Here
 * the socket ends its side and stays open until the client ends its own (having sent the body and
 * read the answer), or the linger runs out.
 */
function lingerBeforeClosing(socket: Socket, lingering: NodeJS.Timeout): void {
  socket.destroySoon = () => {
    socket.end();
    socket.once("end", () => socket.destroy());
    socket.once("close", () => clearTimeout(lingering));
    // What arrives after the body (nothing, from a client that waits for the answer) is dropped.
    socket.resume();
  };
}
