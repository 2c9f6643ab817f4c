/** Money lives in integer minor units (US cents); these helpers are the only place that formats it. */

/**
 * Whole units with their thousands grouped: 1234567 → '1,234,567' (or '1.234.567'). String work
 * rather than Intl: a page's first Intl object costs the browser some 20 ms of start-up.
 */
function grouped(whole: number | string, separator: "," | "."): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * A product card's price: '$N USD' (SPEC 2.2), with its cents when it has any ('$89.50 USD'), so
 * that a card never shows another price than the product's page and the checkout charge.
 */
export function formatCardPrice(cents: number): string {
  return `${cents % 100 === 0 ? `$${grouped(cents / 100, ",")}` : formatUsd(cents)} USD`;
}

/** '$X.XX' with two decimals. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = grouped(Math.floor(abs / 100), ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents to a USD number for JSON answers (price as a number in USD). */
export function centsToUsd(cents: number): number {
  return cents / 100;
}

/** A rate like "16777.30" (digits, at most two decimals) in hundredths: 1677730n. */
function rateInHundredths(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rate);
  if (!match) throw new RangeError(`Not a rate with at most two decimals: "${rate}"`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/**
 * US cents to whole rupiah at a decimal-string rate (IDR per USD, e.g. "16777.30"), exactly:
 * round(cents × rate / 100), in integers, halves rounded away from zero (up, for amounts to pay).
 * Throws a RangeError for a non-integer amount, a rate that is not a positive decimal with at most
 * two decimals, or a result beyond Number.MAX_SAFE_INTEGER.
 */
export function centsToIdr(cents: number, rate: string): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const hundredths = rateInHundredths(rate);
  if (hundredths === 0n) throw new RangeError(`A rate must be positive: "${rate}"`);
  // cents/100 USD × hundredths/100 IDR per USD = cents × hundredths / 10000 IDR.
  const idr = (BigInt(Math.abs(cents)) * hundredths + 5000n) / 10000n;
  if (idr > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Too large to convert: ${cents} cents at ${rate}`);
  return Number(cents < 0 ? -idr : idr);
}

/** 'Rp 5.000.000': whole rupiah (rounded) with Indonesian dot grouping. */
export function formatIdr(idr: number): string {
  const whole = Math.round(idr);
  const sign = whole < 0 ? "-" : "";
  const digits = grouped(Math.abs(whole), ".");
  return `${sign}Rp ${digits}`;
}

/** '16.777,30' from '16777.30': an exchange rate with Indonesian grouping, every digit kept. */
export function formatRate(rate: string): string {
  const [whole = "0", fraction] = rate.split(".");
  const digits = grouped(whole, ".");
  return fraction ? `${digits},${fraction.padEnd(2, "0")}` : digits;
}

/**
 * A payment's amount as the provider states it (whole rupiah; other currencies in major units),
 * in the same format as the order summaries and e-mails: 'Rp 1.234.567', '$196.50'. The same in
 * every language, so the amount on one page always reads like the amount on the next.
 */
export function formatAmount(amount: number, currency: string | null | undefined): string {
  const code = (currency || "USD").toUpperCase();
  if (code === "IDR") return formatIdr(amount);
  if (code === "USD") return formatUsd(Math.round(amount * 100));
  return `${amount} ${code}`;
}
