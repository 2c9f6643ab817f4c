import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import { preferredLocaleOf } from "@workshop/domain/locale.ts";
import { compressionOptions } from "@workshop/http/compression.ts";
import { stopping } from "@workshop/http/process-life.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { catalogVersion } from "#app/web/catalog-version.ts";
import { hashedPolicy } from "./hashed-policy.ts";

/**
 * A shared cache in front of the pages, like a CDN's edge: a GET answer is kept when its route
 * allows it (`Cache-Control: s-maxage=N`, app/web/cache-policy.ts), its status is 200 and it sets no
 * cookie; pages vary only by language, which their URL says (/ru/…), so the address as sent is the
 * key. A kept answer is written whole, headers and body, straight from Node's request event
 * (`servesKeptPage`), before the web framework, a log line or a nonce: a cached public page needs
 * none of them. Its Content-Security-Policy names its inline scripts and styles by their SHA-256
 * hashes instead of the nonce they were rendered with, so the same bytes are safe to send to everyone.
 * Entries are copies that expire, never the truth: a catalogue change drops them all on every
 * storefront (catalog-version.ts), and nothing else a page shows lags behind longer than its s-maxage.
 */
type Answer = { headers: OutgoingHttpHeaders; body: Buffer };
type Entry = Answer & {
  expires: number;
  status: number;
  /** The nonce it was rendered with, until its policy names its inline scripts and styles by hash instead (`hashedPolicy`). */
  nonce: string | null;
  /** The page compressed for browsers that take it, each made when first asked for. */
  encoded: Map<Encoding, Answer>;
};

/** As the server compresses its answers (@fastify/compress, compression.ts): Brotli, else gzip, else none. */
const ENCODINGS = ["br", "gzip", "identity"] as const;
type Encoding = Exclude<(typeof ENCODINGS)[number], "identity">;

/** At most this much page in memory (a product page is about 70 kB with its stylesheet): the oldest kept goes first. */
const MAX_BYTES = 64 * 1024 * 1024;

const entries = new Map<string, Entry>();
let keptBytes = 0;

/**
 * Addresses rendered once lately, and when: a page is kept the second time it is rendered within
 * SEEN_MS, so a crawl that asks for each of 20,000 pages once keeps none of them and pays nothing
 * for copies nobody asks for again (each would be garbage for the collector once pushed out).
 */
const SEEN_MS = 60_000;
const SEEN_MAX = 50_000;
const seen = new Map<string, number>();

/** Whether `key` was rendered within SEEN_MS; notes it otherwise (the oldest note goes when there are too many). */
function seenBefore(key: string): boolean {
  const now = Date.now();
  const at = seen.get(key);
  if (at !== undefined && now - at < SEEN_MS) {
    seen.delete(key);
    return true;
  }
  seen.delete(key);
  if (seen.size >= SEEN_MAX) seen.delete(seen.keys().next().value!);
  seen.set(key, now);
  return false;
}

/** The catalogue's version the kept pages were rendered at: a page rendered before a change is never kept after it. */
let keptAt: number | null = null;

/** The catalogue's version now, the kept pages dropped if it moved; null (the API not heard from): none may be served. */
function currentVersion(): number | null {
  const version = catalogVersion();
  if (version !== keptAt) {
    entries.clear();
    keptBytes = 0;
    keptAt = version;
  }
  return version;
}

/**
 * Answers `req` with its kept page, if one is current; false for anything else, which goes on to the
 * web server. The front door '/' sends a visitor who prefers Russian to /ru (app/web/language-home.ts):
 * its kept (English) copy goes only to a visitor that rule keeps on it.
 */
export function servesKeptPage(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" || entries.size === 0 || stopping()) return false;
  const url = req.url ?? "";
  if ((url === "/" || url.startsWith("/?")) && !staysOnEnglishHome(req)) return false;
  const hit = entries.get(url);
  if (!hit || hit.expires <= Date.now() || currentVersion() === null) return false;
  const accepted = req.headers["accept-encoding"];
  const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as (typeof ENCODINGS)[number] | null) : "identity";
  // A browser that takes none of them (identity;q=0) gets the server's own refusal.
  if (encoding === null) return false;
  if (hit.nonce !== null) {
    const policy = hit.headers["content-security-policy"];
    if (typeof policy === "string") hit.headers = { ...hit.headers, "content-security-policy": hashedPolicy(policy, hit.nonce, hit.body) };
    hit.nonce = null;
  }
  const answer = encoding === "identity" ? hit : (hit.encoded.get(encoding) ?? encode(hit, encoding));
  res.writeHead(hit.status, answer.headers);
  res.end(answer.body);
  return true;
}

function encode(entry: Entry, encoding: Encoding): Answer {
  const body = encoding === "br" ? brotliCompressSync(entry.body, compressionOptions.brotliOptions) : gzipSync(entry.body);
  const answer = { headers: { ...entry.headers, "content-encoding": encoding, "content-length": body.length }, body };
  entry.encoded.set(encoding, answer);
  keptBytes += body.length;
  return answer;
}

const sizeOf = (entry: Entry) => entry.body.length + [...entry.encoded.values()].reduce((sum, answer) => sum + answer.body.length, 0);

/** The language rule of '/', for the front: a crawler, or a visitor with no cookie whose browser does not prefer Russian. */
const staysOnEnglishHome = (req: IncomingMessage) =>
  isbot(req.headers["user-agent"]) ||
  (!req.headers.cookie && preferredLocaleOf(undefined, req.headers["accept-language"] ?? null) === "en");

/** The seconds a shared cache may keep an answer (its `s-maxage`), 0 if none. */
function sharedMaxAge(cacheControl: string | null): number {
  const match = cacheControl?.match(/(?:^|,)\s*s-maxage=(\d+)/);
  return match ? Number(match[1]) : 0;
}

/** A page written whole (entry.server.tsx gives it its length) that sets no cookie: sent as one buffer (`wholeAnswer`). */
export const sentWhole = (response: Response) =>
  response.body !== null && response.headers.has("Content-Length") && !response.headers.has("Set-Cookie");

/**
 * The headers and body of a page written whole, read at once. A public page (a GET answered 200
 * whose route allows a shared cache) rendered the second time lately (`seenBefore`) is kept under
 * the address as sent for the next visitors, unless the catalogue moved while it was rendered
 * (`version`: the catalogue's version before).
 * Keeping costs a page next to nothing: its policy's hashes are worked out when it is first served again.
 */
export async function wholeAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  version: number | null,
): Promise<{ headers: OutgoingHttpHeaders; body: Buffer }> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) headers[name] = value;
  headers["content-length"] = body.length;
  const seconds = sharedMaxAge(response.headers.get("Cache-Control"));
  if (request.method !== "GET" || response.status !== 200 || seconds === 0) return { headers, body };
  if (version === null || catalogVersion() !== version || currentVersion() !== version) return { headers, body };

  const key = request.originalUrl;
  if (!seenBefore(key)) return { headers, body };
  const old = entries.get(key);
  if (old) keptBytes -= sizeOf(old);
  entries.delete(key);
  for (const [oldest, entry] of entries) {
    if (keptBytes + body.length <= MAX_BYTES) break;
    entries.delete(oldest);
    keptBytes -= sizeOf(entry);
  }
  // Every header it went out with: the security headers already on the reply, then the page's own;
  // it is kept in every encoding the browser takes.
  const vary = [headers.vary, "accept-encoding"].filter(Boolean).join(", ");
  const kept = { ...reply.raw.getHeaders(), ...headers, vary };
  const entry = {
    expires: Date.now() + seconds * 1000,
    status: response.status,
    headers: kept,
    body,
    nonce: request.cspNonce,
    encoded: new Map(),
  };
  entries.set(key, entry);
  keptBytes += body.length;
  return { headers, body };
}
