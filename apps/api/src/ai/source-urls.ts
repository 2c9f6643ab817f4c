import { MAX_REFERENCE_PHOTOS } from "@workshop/domain/ai-studio.ts";
import { imageFormats, imageWidths } from "@workshop/domain/images.ts";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { isPrivateKey, isSafeKey } from "#server/media/storage-types.ts";

/**
 * Turns a reference photo's address into the stem of a photo in the shop's own storage, or refuses
 * it. Nothing is ever fetched: the address is only parsed against the forms in which the shop
 * itself gives photos out, and the bytes are then read from storage by key.
 *
 * Accepted: `/media/<width>/<stem>.<format>` (relative, or on PUBLIC_URL's origin: what
 * `POST /api/uploads` answers and the product form shows) and `S3_PUBLIC_URL/<key>` when a bucket
 * has a public address. Refused: any other scheme (`file:`, `data:`, `ftp:`), host or port (so
 * loopback, link-local and private addresses too), user info, a query or fragment (a redirect
 * hidden in `?next=`), percent-escapes or `..` in the path, keys under `private/` or `variants/`.
 */
function sourceStemOf(address: string): string | null {
  const shop = new URL(config().publicUrl);
  let url: URL;
  try {
    // A relative path is read on the shop's own origin; `//host/…` is a foreign host, refused below.
    url = new URL(address, shop);
  } catch {
    return null;
  }
  // The parser would strip control characters and spaces at the ends: refuse them instead.
  if ([...address].some((c) => c <= " " || c === "\u007f" || c === "\\")) return null;
  if (url.username || url.password || url.search || url.hash) return null;
  // `..` is resolved away by the parser: compare with what was sent, so a climb is refused, not followed.
  if (/(^|\/)\.\.?(\/|$)|%/.test(address)) return null;
  const publicBase = config().S3_PUBLIC_URL?.replace(/\/+$/, "");
  if (publicBase && `${url.origin}${url.pathname}`.startsWith(`${publicBase}/`)) {
    return stemOfKey(`${url.origin}${url.pathname}`.slice(publicBase.length + 1));
  }
  if (url.protocol !== shop.protocol || url.host !== shop.host) return null;
  const m = /^\/media\/(\d{1,4})\/(.+)\.([a-z]+)$/.exec(url.pathname);
  if (!m) return null;
  const [, width, stem, format] = m as unknown as [string, string, string, string];
  if (!imageWidths.includes(Number(width) as (typeof imageWidths)[number])) return null;
  if (!imageFormats.includes(format as (typeof imageFormats)[number])) return null;
  return ownStem(stem);
}

/** A key in the bucket: an original (`<stem>.<ext>`) or one of its sizes (`variants/<stem>/<w>.<fmt>`). */
function stemOfKey(key: string): string | null {
  const variant = /^variants\/(.+)\/\d{1,4}\.[a-z]+$/.exec(key);
  if (variant) return ownStem(variant[1]!);
  const original = /^(.+)\.(?:jpg|jpeg|png|webp|gif)$/i.exec(key);
  return original ? ownStem(original[1]!) : null;
}

function ownStem(stem: string): string | null {
  if (!isSafeKey(stem) || isPrivateKey(stem) || stem.toLowerCase().startsWith("variants/")) return null;
  return stem;
}

/**
 * The request's photo addresses as stems in storage: more than MAX_REFERENCE_PHOTOS are cut to
 * that many (SPEC 5), and any foreign address refuses the whole request (400) before a byte is read.
 */
export function sourceStems(addresses: string[]): { stems: string[]; cut: number } {
  const kept = addresses.slice(0, MAX_REFERENCE_PHOTOS);
  const stems = kept.map((address) => {
    const stem = sourceStemOf(address);
    if (!stem) throw new AppError("invalid", `Reference photos must be photos stored by this shop: ${address.slice(0, 200)}`);
    return stem;
  });
  return { stems, cut: addresses.length - kept.length };
}
