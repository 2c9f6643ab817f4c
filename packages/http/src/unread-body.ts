import type { FastifyReply, FastifyRequest } from "fastify";

/** The most of a refused body that is read and thrown away; a larger one has its connection cut. */
const DISCARD_LIMIT = 64 * 1024 * 1024;
/** How long the rest of a refused body may take to arrive before its connection is cut. */
const LINGER_MS = 30_000;

/**
 * A request answered before its body was read (a refusal). Closing the connection at once makes a
 * client that is still sending (a browser uploading photos with an expired session, fetch) see a
 * broken pipe or a reset instead of the answer. So, as nginx's lingering close does, the rest is
 * read and thrown away and the connection lives on; a 413 (`close`), a body declared larger than
 * DISCARD_LIMIT, or one that goes past the limits while arriving, closes it instead.
 */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply, { close = false } = {}): void {
  const raw = request.raw;
  // Node's request says `complete: false` while its body is arriving (a test's injected one has no such field).
  if (raw.complete !== false) return;
  if (close || Number(raw.headers["content-length"]) > DISCARD_LIMIT) {
    reply.header("Connection", "close");
    return;
  }
  const cut = () => raw.socket?.destroy();
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
}
