import { CSRF_HEADER, errorAnswer } from "@workshop/domain/staff-api.ts";
import type { z } from "zod";

/** The API's address and the shop's, from /config.json (read once, before the first page is drawn). */
let apiUrl = "";
let shopUrl = "";
/** The signed-in session's token, which every write carries (null when signed out). */
let csrfToken: string | null = null;

export async function loadConfig(): Promise<void> {
  const answer = await fetch("/config.json", { cache: "no-store" });
  if (!answer.ok) throw new Error(`The console's settings (config.json) could not be read: ${answer.status}`);
  ({ apiUrl, shopUrl } = (await answer.json()) as { apiUrl: string; shopUrl: string });
}

export const apiBase = () => apiUrl;
/** Where the shop's pages are (PUBLIC_URL): a product's "View" link opens it there. */
export const shopBase = () => shopUrl;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** A refusal from the API, with its status and message (and field messages, a wait in seconds). */
export class ApiError extends Error {
  readonly status: number;
  readonly details: unknown;
  readonly retryAfter: number | undefined;
  constructor(status: number, message: string, details?: unknown, retryAfter?: number) {
    super(message);
    this.status = status;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

type Call<T> = { method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"; body?: unknown; answer?: z.ZodType<T>; signal?: AbortSignal };

/**
 * One call to the API with the session's cookie; a write carries the CSRF token. The answer is
 * checked against its schema, so a console and an API that disagree fail loudly, not silently.
 * A network failure or a 5xx is an ApiError too (status 0 or the status), with a message for people.
 */
export async function api<T = unknown>(path: string, { method = "GET", body, answer, signal }: Call<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && csrfToken) headers[CSRF_HEADER] = csrfToken;
  return send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal }, answer);
}

/**
 * Files sent as a form (multipart, each in the field `files`, as POST /api/uploads reads them) with
 * the session's cookie and CSRF token; the answer checked as api() checks it.
 */
export async function apiUpload<T>(path: string, files: File[], answer: z.ZodType<T>): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  return send(path, { method: "POST", headers, body: form }, answer);
}

async function send<T>(path: string, init: RequestInit, answer: z.ZodType<T> | undefined): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${path}`, { ...init, credentials: "include" });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, "The shop's server cannot be reached. Check the connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = errorAnswer.safeParse(json);
    const retryAfter = Number(response.headers.get("Retry-After")) || undefined;
    if (refusal.success)
      throw new ApiError(response.status, refusal.data.error, refusal.data.details, refusal.data.retryAfter ?? retryAfter);
    throw new ApiError(response.status, `The server answered ${response.status}. Please try again later.`);
  }
  return answer ? answer.parse(json) : (json as T);
}
