import { ApiError } from "#admin/api/client.ts";

/** One per form shown: an e-mail's dedupe key, so a resent form queues one mail (validation/reply.ts). */
export const newNonce = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The field messages of a 400 (`details`), else null. */
export function fieldProblems(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.details !== "object" || error.details === null) return null;
  return Object.fromEntries(Object.entries(error.details).map(([field, code]) => [field, String(code)]));
}

/** The code of a refused change (409 `details.code`: stale, stale-notes, move-not-allowed), else null. */
export function refusalCode(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.details !== "object" || error.details === null) return null;
  const code = (error.details as { code?: unknown }).code;
  return typeof code === "string" ? code : null;
}
