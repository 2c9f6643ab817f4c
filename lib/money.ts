/** Money lives in integer minor units (US cents); these helpers are the only place that formats it. */

/** '$N USD' rounded to whole dollars, as on product cards. */
export function formatUsdWhole(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString("en-US")} USD`;
}

/** '$X.XX' with two decimals. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents to a USD number for JSON answers (price as a number in USD). */
export function centsToUsd(cents: number): number {
  return cents / 100;
}
