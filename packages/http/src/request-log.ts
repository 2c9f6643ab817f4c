import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import { loggedPath } from "./logged-path.ts";

/**
 * Fastify's logger (pino): one JSON object a line. Whatever else a line may carry, a secret never
 * shows: credentials and cookies in headers, and passwords, tokens and card data in any object.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'req.headers["x-callback-token"]',
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
        "*.secret",
        "*.cardNumber",
        "*.card_number",
        "*.cvn",
        "*.cvv",
      ],
      censor: "[redacted]",
    },
    serializers: {
      // Fastify's own lines (an error's request) show the address as this file's lines do.
      req: (req: { method: string; url: string }) => ({ method: req.method, path: loggedPath(req.url) }),
    },
  };
}

/**
 * One line per answered request (instead of Fastify's two): its id, method, route, path, status
 * and duration in milliseconds, at `error` with the error when the request failed.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: loggedPath(request.originalUrl),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, "request");
    else request.log.info(line, "request");
  }
}
