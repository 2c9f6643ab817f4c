import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What goes wrong with the next refund requests (POST /refunds) on their way to the simulator:
 * - `lose-answer`: Xendit makes the refund, and the shop gets a gateway's 503 instead of its answer;
 * - `break-answer`: Xendit makes the refund, and the connection breaks halfway through its answer;
 * - `answer`: it never reaches Xendit, and the shop gets this answer (`status`, `code`): a refusal,
 *   or a 503 from a gateway that could not reach Xendit.
 */
export type RefundFault = { kind: "lose-answer" } | { kind: "break-answer" } | { kind: "answer"; status: number; code: string };

/**
 * A Xendit in front of the simulator that passes everything on, except the refund requests it is
 * told to spoil (`spoil(fault, times)`): what a timeout, a broken connection or a refusal look like
 * to the shop, while the simulator keeps what really happened.
 */
export async function startFaultyXendit(simulatorUrl: string) {
  let fault: RefundFault | null = null;
  let left = 0;
  const server: Server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const spoilt = request.method === "POST" && request.url === "/refunds" && fault && left > 0 ? fault : null;
    if (spoilt) left -= 1;
    if (spoilt?.kind === "answer") {
      response
        .writeHead(spoilt.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error_code: spoilt.code, message: `Answered by the test (${spoilt.code})` }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${simulatorUrl}${request.url}`, {
      method: request.method,
      headers,
      body: body.length > 0 ? body.toString() : undefined,
    });
    const text = await answer.text();
    if (spoilt?.kind === "lose-answer") {
      response.writeHead(503, { "content-type": "text/html" }).end("<html><body>504 Gateway Time-out</body></html>");
      return;
    }
    if (spoilt?.kind === "break-answer") {
      response.writeHead(answer.status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
      response.write(text.slice(0, Math.floor(text.length / 2)));
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Spoils the next `times` refund requests so; 0 lets them through again. */
    spoil(next: RefundFault, times = 1) {
      fault = next;
      left = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}
