import type { Locale } from "../../../lib/locale.ts";

const formats = new Map<string, Intl.NumberFormat>();

function format(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formats.get(key);
  if (!f) {
    // Rupiah has no minor unit in practice: whole amounts only.
    f = new Intl.NumberFormat(locale, { style: "currency", currency, ...(currency === "IDR" ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}) });
    formats.set(key, f);
  }
  return f;
}

function safely(locale: string, amount: number, currency: string): string {
  try {
    return format(locale, currency).format(amount);
  } catch {
    // Not a currency code Intl knows.
    return `${amount} ${currency}`;
  }
}

/** A payment's amount on the QR and instructions pages (SPEC 9): 'Rp 1.234.567' for IDR, US English otherwise. */
export function formatPaymentAmount(amount: number, currency: string): string {
  const code = (currency || "IDR").toUpperCase();
  return safely(code === "IDR" ? "id-ID" : "en-US", amount, code);
}

/** A payment's amount in the visitor's language (the failed page); USD when the currency is unknown. */
export function formatAmountFor(locale: Locale, amount: number, currency: string | null | undefined): string {
  return safely(locale === "ru" ? "ru-RU" : "en-US", amount, (currency || "USD").toUpperCase());
}

/** The amount as digits only, for pasting into a banking app. */
export function amountForCopy(amount: number): string {
  return String(amount);
}
