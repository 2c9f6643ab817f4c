import httpProxy from "@fastify/http-proxy";
import type { FastifyPluginAsync } from "fastify";

/**
 * What the shop's domain answers for the API (SPEC section 7): the JSON API, the photos under
 * /media and the built-in Xendit sandbox's pages, so that browser code and Xendit's webhook need
 * one public host. Requests and answers stream through unchanged, with their status and headers;
 * the API applies its own limits (body sizes, rate limits) and security headers.
 *
 * The client's address goes on as X-Forwarded-For, replacing whatever the client sent there: the
 * API counts the customer, not the storefront, and believes the header only from a trusted proxy
 * (its TRUST_PROXY).
 */
const forwardedPrefixes = ["/api", "/media", "/_sandbox/xendit"] as const;

export const apiProxy: FastifyPluginAsync<{ apiUrl: string }> = async (app, { apiUrl }) => {
  for (const prefix of forwardedPrefixes) {
    await app.register(httpProxy, {
      upstream: apiUrl,
      prefix,
      rewritePrefix: prefix,
      // Keep-alive connections to the API; an API that takes the request and never answers is given up on.
      undici: { connections: 64, headersTimeout: 30_000, bodyTimeout: 60_000 },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const { "x-forwarded-for": _sent, "x-shop-client-ip": _forged, ...rest } = headers;
          return { ...rest, "x-forwarded-for": request.ip, "x-forwarded-proto": request.protocol };
        },
        // reply-from closes the customer's connection whenever the API answers before the whole body
        // has arrived (a refused upload). The API itself reads the rest and throws it away, so that a
        // browser still sending reads the answer; the connection closes only where the API closes it
        // (a 413), as it would without the hop.
        onResponse: (_request, reply, res) => {
          if ((res as unknown as { headers: Record<string, string | undefined> }).headers.connection !== "close")
            reply.header("connection", "keep-alive");
          return reply.send(res.stream);
        },
        // An API that cannot be reached or does not answer in time: a JSON 503 the browser code shows as "try again".
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, "API not reached");
          if (!reply.sent)
            reply.code(503).header("Retry-After", "5").send({ error: "The shop is briefly unavailable. Please try again in a moment." });
        },
      },
    });
  }
};
