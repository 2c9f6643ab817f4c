import type { IncomingMessage } from "node:http";
import getRawBody from "raw-body";

/**
 * What the shop accepts as a request body, checked before any route reads it (except the
 * uploads of streamsBody, which their route reads):
 * - JSON endpoints (/api/…) take `application/json` only, so a cross-site page cannot reach them
 *   with a simple (`text/plain` or form) request; pages take form posts only;
 * - at most BODY_LIMIT bytes: a declared larger body is refused before a byte of it is read;
 * - JSON text holds no NUL and no unpaired surrogate (PostgreSQL cannot store them), and a
 *   multipart form parses.
 */
export const BODY_LIMIT = 100 * 1024;

export type Refusal = { status: 400 | 403 | 405 | 413 | 415; error: string };

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A path as React Router matches it: percent-escapes decoded, letters in any case and runs of
 * slashes as one, so that /API/orders, /checkout/p%61yment and //admin/login meet the checks and
 * limits of the routes they reach.
 */
export function routedPath(path: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, "/");
}

/** The path of a request's address, without its query. */
export const pathOf = (url: string) => url.split("?")[0]!;

export const isApiPath = (path: string) => {
  const routed = routedPath(pathOf(path));
  return routed === "/api" || routed.startsWith("/api/");
};

const stagePhotoUpload = /^\/api\/admin\/orders\/[^/]+\/making\/photos$/;

/**
 * Requests whose route reads the body itself, as it streams in, under its own limits: photo
 * uploads (POST /api/uploads, multipart, up to 5 × 10 MB: apps/api/src/media/upload-form.ts; staff, checked
 * before a byte is read), an order's stage photos (POST /api/admin/orders/<id>/making/photos, the
 * same), and a custom request's reference photos (POST /api/custom-orders/uploads, public, up to
 * 3 × 5 MB, rate-limited before a byte is read).
 */
export const streamsBody = (method: string, path: string) => {
  if (method !== "POST") return false;
  const routed = routedPath(pathOf(path));
  return ["/api/uploads", "/api/custom-orders/uploads"].includes(routed) || stagePhotoUpload.test(routed);
};

const mediaType = (contentType: string | undefined) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

export function contentTypeRefusal(path: string, contentType: string | undefined): Refusal | null {
  const type = mediaType(contentType);
  if (isApiPath(path)) {
    return type === "application/json" ? null : { status: 415, error: "Send the body as JSON (Content-Type: application/json)" };
  }
  return formTypes.has(type) ? null : { status: 415, error: "Send a form (application/x-www-form-urlencoded or multipart/form-data)" };
}

/** The whole body, or the refusal when it is larger than the limit. */
export async function readBody(req: IncomingMessage): Promise<Buffer | Refusal> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > BODY_LIMIT) return tooLarge;
  try {
    return await getRawBody(req, { limit: BODY_LIMIT, length: Number.isFinite(declared) ? declared : null });
  } catch (error) {
    if ((error as { type?: string }).type === "entity.too.large") return tooLarge;
    return { status: 400, error: "The request body could not be read" };
  }
}

const tooLarge: Refusal = { status: 413, error: `The request body is larger than ${BODY_LIMIT / 1024} kB` };

/**
 * A JSON body whose text the shop could not store, or a multipart form that does not parse (a
 * route would fail reading it); other bodies are left to their routes.
 */
export async function bodyRefusal(contentType: string | undefined, body: Buffer): Promise<Refusal | null> {
  const type = mediaType(contentType);
  if (type === "multipart/form-data") {
    const parsed = await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType! } }).formData().then(
      () => true,
      () => false,
    );
    return parsed ? null : { status: 400, error: "The form could not be read" };
  }
  if (type !== "application/json" || body.length === 0) return null;
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return null; // each JSON endpoint answers malformed JSON itself
  }
  return hasBrokenText(value) ? { status: 400, error: "Text in the body must not contain NUL characters or unpaired surrogates" } : null;
}

/** Walks the parsed value without recursion: a body may nest ten thousand arrays deep. */
export function hasBrokenText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\0") || !item.isWellFormed()) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) pending.push(key, child);
    }
  }
  return false;
}
