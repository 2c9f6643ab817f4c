import type { ErrorRequestHandler } from "express";

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

/** Turns any error into `{error_code, message}`: ours keep their status, bad JSON is a 400, the rest a 500. */
export const jsonErrorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof XenditError) {
    res.status(error.status).json({ error_code: error.code, message: error.message });
    return;
  }
  // body-parser marks its own errors (bad JSON, too large) with a status and a type.
  const status = typeof error?.status === "number" && error.status < 500 ? error.status : 500;
  if (status === 500) console.error("xendit simulator:", error);
  const code = status === 500 ? "SERVER_ERROR" : "API_VALIDATION_ERROR";
  const message = status === 500 ? "The sandbox failed; see its log" : `Request body could not be read: ${String(error?.message ?? error)}`;
  res.status(status).json({ error_code: code, message });
};
