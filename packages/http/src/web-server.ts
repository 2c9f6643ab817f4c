import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from "node:http";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { answerClientError } from "./client-errors.ts";
import { closeConnectionsWhenClosing } from "./closing.ts";
import { compressionOptions } from "./compression.ts";
import { type Deadlines, deadlineOptions, endStalledBodies } from "./deadlines.ts";
import { answerError, refuse } from "./refusals.ts";
import { loggerOptions, OneLinePerRequest } from "./request-log.ts";
import { routable, trustProxy } from "./server-options.ts";

type Options = {
  /** LOG_LEVEL, unless `logger` says where log lines go (tests read them). */
  logLevel: string;
  logger?: FastifyServerOptions["logger"] | undefined;
  /** TRUST_PROXY: which proxies may name the client (server-options.ts). */
  trustProxy: string;
  /** REQUEST_HEADERS_TIMEOUT_SECONDS and REQUEST_BODY_TIMEOUT_SECONDS (deadlines.ts). */
  deadlines: Deadlines;
  /**
   * Answers a request before the server does, from Node's request event, when it can (true): no
   * hook, route or log line runs for it. The storefront's kept pages (apps/storefront/server/kept-pages.ts).
   */
  front?: (req: IncomingMessage, res: ServerResponse) => boolean;
};

/**
 * A Fastify server as the API and the storefront both start one: a log line per request, the client's
 * address behind trusted proxies only, addresses routed as sent, requests that stop arriving ended,
 * connections closed while stopping, one error mapper and 404, compressed answers. Each adds its own routes.
 */
export async function webServer(options: Options): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.logLevel),
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    trustProxy: trustProxy(options.trustProxy),
    // A page's address may be long (filters, a private link); React Router judges it, not the router.
    routerOptions: { maxParamLength: 2_000 },
    rewriteUrl: routable,
    ...deadlineOptions(options.deadlines),
    clientErrorHandler: answerClientError,
    ...(options.front ? { serverFactory: withFront(options.front) } : {}),
  });
  app.decorateRequest("cspNonce", "");
  endStalledBodies(app, options.deadlines);
  closeConnectionsWhenClosing(app);
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => refuse(request, reply, { status: 404, error: "Not found" }));
  await app.register(fastifyCompress, compressionOptions);
  return app;
}

/** The HTTP server Fastify would make (its lib/server.js, with its settings, defaults filled in), with `front` asked first. */
function withFront(front: NonNullable<Options["front"]>): FastifyServerOptions["serverFactory"] {
  return (handler, options) => {
    const settings = options as { http?: ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    const server = createServer(settings.http ?? {}, (req, res) => {
      if (!front(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    return server;
  };
}
