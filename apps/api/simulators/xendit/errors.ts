import type { FastifyReply, FastifyRequest } from "fastify";

/** An answer in Xendit's error shape: HTTP status plus `{error_code, message}`. */
export class XenditError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const invalid = (message: string) => new XenditError(400, "API_VALIDATION_ERROR", message);
export const notFound = (what: string, id: string) => new XenditError(404, "DATA_NOT_FOUND", `${what} ${id} was not found`);
export const inactive = (id: string, status: string) =>
  new XenditError(
    400,
    "INACTIVE_PAYMENT_REQUEST",
    `Payment request ${id} is ${status}; only a request in REQUIRES_ACTION can take this action`,
  );

/**
 * Turns any error into `{error_code, message}`: ours keep their status, a body that could not be read
 * (bad JSON, too large: Fastify and our parsers mark these with a 4xx statusCode) keeps its 4xx, the rest a 500.
 */
export function answerError(error: unknown, reply: FastifyReply): void {
  if (error instanceof XenditError) {
    reply.code(error.status).send({ error_code: error.code, message: error.message });
    return;
  }
  const status = isUnreadableRequest(error) ? error.statusCode : 500;
  if (status === 500) console.error("xendit simulator:", error);
  const code = status === 500 ? "SERVER_ERROR" : "API_VALIDATION_ERROR";
  const message = status === 500 ? "The sandbox failed; see its log" : `Request body could not be read: ${(error as Error).message}`;
  reply.code(status).send({ error_code: code, message });
}

/** A request Fastify or a body parser refused before any handler ran. */
export function isUnreadableRequest(error: unknown): error is Error & { statusCode: number } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return !(error instanceof XenditError) && typeof status === "number" && status >= 400 && status < 500;
}

/**
 * The 404 for a path nothing serves, named as the simulator sees it: `area` (e.g. /v3) and the
 * rest of the path below `prefix` (where that area is mounted), without the query.
 */
export function noSuchPath(text: string, prefix: string, area = "") {
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const rest = (request.url.split("?", 1)[0] ?? "").slice(prefix.length) || "/";
    reply.code(404).send({ error_code: "NOT_FOUND", message: `${text}: ${request.method} ${area}${rest}` });
  };
}
