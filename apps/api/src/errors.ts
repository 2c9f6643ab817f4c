/** The one error type of the shop: its kind decides the HTTP status. */
export type ErrorKind = "not_found" | "invalid" | "forbidden" | "unauthorized" | "conflict" | "too_large" | "too_many" | "unavailable";

const statusByKind: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly details?: unknown;
  constructor(kind: ErrorKind, message: string, details?: unknown) {
    super(message);
    this.kind = kind;
    this.details = details;
  }
  get status(): number {
    return statusByKind[this.kind];
  }
}
