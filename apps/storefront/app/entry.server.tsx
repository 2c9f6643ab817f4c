import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestInfo } from "#app/web/request-context.ts";
import { NonceContext } from "./nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let allReady = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const stopTimer = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };

    responseHeaders.set("Content-Type", "text/html");

    /** The page streams: the shell first, each part still waiting for its data when it comes. */
    const stream = () => {
      const body = new PassThrough({
        final(callback) {
          // Clear the timeout to prevent retaining the closure and memory leak
          stopTimer();
          callback();
        },
      });
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
    };

    /**
     * A page with nothing left to wait for (most pages) is written out whole, at once, and sent as
     * one buffer: through a stream, its few chunks would cost more than the rendering did.
     */
    const whole = () => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer | string, _encoding, callback) {
          chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
          callback();
        },
        final(callback) {
          stopTimer();
          callback();
        },
      });
      sink.once("finish", () => {
        const html = Buffer.concat(chunks);
        responseHeaders.set("Content-Length", String(html.length));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
      });
      pipe(sink);
    };

    // Every inline script (React Router's data, React's streaming) carries the response's CSP nonce.
    const nonce = loadContext.get(requestInfo).nonce;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (waitForAll) return;
          // Once the work already under way has run (React Router's hydration data is encoded
          // there), a page that waits for nothing more is all ready.
          setImmediate(() => (allReady ? whole() : stream()));
        },
        onAllReady() {
          allReady = true;
          if (waitForAll) whole();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
