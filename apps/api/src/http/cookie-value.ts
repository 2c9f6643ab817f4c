/**
 * The value of the checkout and language cookies as the shop has always written them: the value's
 * JSON text in base64 (the format of React Router's cookies, which the shop used before the API had
 * a server of its own). Browsers keep these cookies for a month or a year, and the storefront still
 * writes its language cookie so. Not signed: the checkout id is a random UUID, the language a choice.
 */
export const encodedCookieValue = (value: unknown): string => Buffer.from(JSON.stringify(value), "utf8").toString("base64");

// Strict, as before: base64 by atob's rules, then UTF-8 with no broken sequence and a BOM kept (so it is no JSON).
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The value such a cookie holds; undefined for anything else (a value a browser or a person made up). */
export function decodedCookieValue(text: string): unknown {
  try {
    return JSON.parse(utf8.decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0))));
  } catch {
    return undefined;
  }
}
