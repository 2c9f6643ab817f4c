import { request as httpRequest } from "node:http";

export type EarlyAnswer = { status: number; connection: string | undefined; body: string };

/**
 * POSTs the first bytes of a body too large for the shop, declaring `declaredLength` (chunked when
 * undefined), and never sends the rest: the shop must answer without it. `fetch` cannot do this: the
 * shop answers 413 and closes before the body is through, and fetch then fails with EPIPE, or the
 * answer is lost with the socket. Here everything is written before the answer can come, so nothing
 * is being written when the shop closes: keep what is sent past the point where the shop stops
 * reading small (64 kB fits in the sockets' buffers). A connection that breaks, or a shop that waits for the rest,
 * fails the test instead of hanging it.
 */
export function postPartly(url: string, headers: Record<string, string>, sent: Buffer, declaredLength?: number): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    const length = declaredLength === undefined ? {} : { "Content-Length": String(declaredLength) };
    const request = httpRequest(url, { method: "POST", headers: { ...headers, ...length } });
    const noAnswer = setTimeout(() => {
      request.destroy();
      reject(new Error("The shop waited for the rest of the body instead of answering"));
    }, 20_000);
    request.on("response", (response) => {
      clearTimeout(noAnswer);
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text });
        request.destroy();
      });
      response.on("error", reject);
    });
    request.on("error", (error) => {
      clearTimeout(noAnswer);
      reject(error);
    });
    request.flushHeaders();
    if (sent.length > 0) request.write(sent);
  });
}

/** The bytes and Content-Type a browser would send for `form`. */
export async function encodedForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? "" };
}
