import { request as httpRequest } from "node:http";

export type EarlyAnswer = { status: number; connection: string | undefined; body: string };

/**
 * POSTs a body too large for the shop with its declared length, and stops sending once the shop
 * answers. `fetch` cannot do this: the shop answers 413 and closes the connection before the body
 * is through, and fetch then fails with EPIPE, or the answer is lost with the socket. So the body
 * starts only after the shop had `headStart` ms to answer the headers alone, and a connection that
 * breaks before any answer fails the test instead of hanging it.
 */
export function postOversized(url: string, headers: Record<string, string>, body: Buffer, headStart = 2000): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = httpRequest(url, { method: "POST", headers: { ...headers, "Content-Length": String(body.length) } });
    request.on("response", (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text });
        request.destroy();
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered || (error.code !== "EPIPE" && error.code !== "ECONNRESET")) reject(error);
    });
    request.flushHeaders();
    const chunkSize = 64 * 1024;
    const writeFrom = (offset: number): void => {
      for (let at = offset; at < body.length && !answered; at += chunkSize) {
        if (!request.write(body.subarray(at, at + chunkSize))) {
          request.once("drain", () => writeFrom(at + chunkSize));
          return;
        }
      }
    };
    const start = setTimeout(() => writeFrom(0), headStart);
    request.once("response", () => clearTimeout(start));
  });
}

/** The bytes and Content-Type a browser would send for `form`. */
export async function encodedForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? "" };
}
