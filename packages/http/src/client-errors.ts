import type { Socket } from "node:net";

type ParseError = Error & { code?: string; rawPacket?: unknown };

/** The most of a refused request's rest that is read and thrown away before the connection is cut. */
const DISCARD_LIMIT = 1024 * 1024;
/** How long the rest may take to arrive. */
const LINGER_MS = 10_000;

const answers = {
  url: { status: 414, text: "URI Too Long", error: "The address is too long" },
  headers: { status: 431, text: "Request Header Fields Too Large", error: "The request's headers are too large" },
  timeout: { status: 408, text: "Request Timeout", error: "The request took too long to arrive" },
  bad: { status: 400, text: "Bad Request", error: "The request could not be read" },
} as const;

/** Which answer a request Node could not parse gets: an address or headers past Node's 16 kB, a late request, anything else. */
function answerOf(error: ParseError): (typeof answers)[keyof typeof answers] {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return answers.timeout;
  if (error.code !== "HPE_HEADER_OVERFLOW") return answers.bad;
  // The request line never ended within the limit: the address is what is too long.
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
  const lineEnd = packet ? packet.indexOf("\r\n") : -1;
  return packet && /^[A-Z]+ /.test(packet.subarray(0, 16).toString("latin1")) && (lineEnd === -1 || lineEnd > 8 * 1024)
    ? answers.url
    : answers.headers;
}

/**
 * Fastify's clientErrorHandler: a request Node could not parse is answered with its status and
 * `{error}`, then, as nginx's lingering close, what the client is still sending is read and thrown
 * away (up to a limit and a deadline) before the connection closes. Cutting it at once, as Node
 * does, resets the connection under a client still writing, and it never reads the answer.
 */
export function answerClientError(error: ParseError, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, text, error: message } = answerOf(error);
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  const cut = () => socket.destroy();
  const lingering = setTimeout(cut, LINGER_MS).unref();
  let discarded = 0;
  socket.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) cut();
  });
  socket.once("end", cut);
  socket.once("close", () => clearTimeout(lingering));
  socket.resume();
}
