import type { Request as ExpressRequest } from "express";
import getRawBody from "raw-body";

/**
 * What the shop accepts as a request body, checked before any route reads it:
 * - JSON endpoints (/api/…) take `application/json` only, so a cross-site page cannot reach them
 *   with a simple (`text/plain` or form) request; pages take form posts only;
 * - at most BODY_LIMIT bytes: a declared larger body is refused before a byte of it is read;
 * - JSON text holds no NUL and no unpaired surrogate (PostgreSQL cannot store them), and a
 *   multipart form parses.
 */
export const BODY_LIMIT = 100 * 1024;

export type Refusal = { status: 400 | 413 | 415; error: string };

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

const mediaType = (req: ExpressRequest) => (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

export function contentTypeRefusal(req: ExpressRequest): Refusal | null {
  const type = mediaType(req);
  if (isApiPath(req.path)) {
    return type === "application/json" ? null : { status: 415, error: "Send the body as JSON (Content-Type: application/json)" };
  }
  return formTypes.has(type) ? null : { status: 415, error: "Send a form (application/x-www-form-urlencoded or multipart/form-data)" };
}

/** The whole body, or the refusal when it is larger than the limit. */
export async function readBody(req: ExpressRequest): Promise<Buffer | Refusal> {
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
export async function bodyRefusal(req: ExpressRequest, body: Buffer): Promise<Refusal | null> {
  const type = mediaType(req);
  if (type === "multipart/form-data") {
    const parsed = await new Response(new Uint8Array(body), { headers: { "Content-Type": req.headers["content-type"]! } }).formData().then(
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

function hasBrokenText(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0") || !value.isWellFormed();
  if (Array.isArray(value)) return value.some(hasBrokenText);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => hasBrokenText(k) || hasBrokenText(v));
  return false;
}
