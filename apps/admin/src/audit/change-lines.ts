import type { FieldChange } from "@workshop/domain/audit-changes.ts";
import { productionTimeText } from "@workshop/domain/custom-quote.ts";
import { type Catalogue, translator } from "@workshop/domain/i18n/core.ts";
import { orderStatusLabels } from "@workshop/domain/i18n/order-statuses.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { formatAmount, formatIdr, formatRate, formatUsd } from "@workshop/domain/money.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { useCallback } from "react";
import { consoleDate, consoleDay } from "#admin/dates.ts";
import { auditFieldTexts } from "#admin/i18n/audit-fields.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { countText } from "#admin/i18n/counts.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { orderTexts } from "#admin/i18n/order.ts";
import { recordStatusLabels } from "#admin/i18n/record-statuses.ts";
import { refundTexts } from "#admin/i18n/refunds.ts";
import { useLocale } from "#admin/i18n/use-t.ts";

/** What an audit row is about, read from its action: a status or reason means another thing on each. */
type Kind = "order" | "custom-order" | "quote" | "refund" | "product" | "other";
function kindOf(action: string): Kind {
  if (action === "refund") return "refund";
  if (action.startsWith("quote-")) return "quote";
  if (action.startsWith("custom-order-")) return "custom-order";
  if (action.startsWith("order-")) return "order";
  if (action.startsWith("product-")) return "product";
  return "other";
}

/** The shop's own ids (an e-mail's, a note's, a form's) say nothing to a person; the currency goes with its amount. */
const unshown = new Set(["mailId", "noteId", "refundId", "paymentAttemptId", "form", "currency"]);

/** `key` in `catalogue`, in the reader's language; null when the catalogue has no such key. */
function known<K extends string>(catalogue: Catalogue<K>, locale: Locale, key: string): string | null {
  return Object.hasOwn(catalogue.en, key) ? translator(catalogue, locale)(key as K) : null;
}

const cut = (line: string) => (line.length > 300 ? `${line.slice(0, 300)}…` : line);

/**
 * An audit row's changes as lines in the reader's language: each field by its name ("Status"),
 * each value by its label, money, date or count ("Paid → Shipped", "$185.50", "Dec 8, 2026",
 * "3 photos"); a field or value the console does not know as stored.
 */
export function changeLinesOf(action: string, fields: FieldChange[], locale: Locale): string[] {
  const t = translator(auditFieldTexts, locale);
  const kind = kindOf(action);
  const label = (field: string) =>
    (kind === "product" ? known(auditFieldTexts, locale, `product.${field}`) : null) ??
    known(auditFieldTexts, locale, `field.${field}`) ??
    field;
  const codeLabel = (code: string, keys: [Catalogue<string>, string][]) => {
    for (const [catalogue, key] of keys) {
      const found = known(catalogue, locale, key);
      if (found !== null) return found;
    }
    return code;
  };
  const side = (which: "before" | "after") =>
    Object.fromEntries(fields.filter((f) => which in f).map((f) => [f.field, (f as Record<string, unknown>)[which]]));

  const word = (field: string, value: unknown, values: Record<string, unknown>): string => {
    if (value === null || value === undefined || value === "") return t("none");
    const text = String(value);
    const list = Array.isArray(value) ? (value as unknown[]) : null;
    switch (field) {
      case "status":
        return kind === "order"
          ? codeLabel(text, [[orderStatusLabels, `status.${text}`]])
          : kind === "custom-order"
            ? codeLabel(text, [[customOrderTexts, `status.${text}`]])
            : kind === "quote"
              ? codeLabel(text, [[auditFieldTexts, `quote.${text}`]])
              : kind === "refund"
                ? codeLabel(text, [[recordStatusLabels, `refund.${text}`]])
                : text;
      case "paymentStatus":
        // A refund's row tells the payment it refunds: a payment attempt's status.
        return kind === "refund"
          ? codeLabel(text, [[recordStatusLabels, `attempt.${text}`]])
          : codeLabel(text, [[orderStatusLabels, `payment.${text}`]]);
      case "reason":
        return codeLabel(text, [
          [auditFieldTexts, `reason.${text}`],
          [orderTexts, `refund.reason.${text}`],
        ]);
      case "role":
        return codeLabel(text, [[consoleTexts, text]]);
      case "locale":
        return codeLabel(text, [[auditFieldTexts, `lang.${text}`]]);
      case "priceCents":
        return typeof value === "number" ? formatUsd(value) : text;
      case "amount":
        return typeof value === "number" ? formatAmount(value, typeof values.currency === "string" ? values.currency : null) : text;
      case "amountUsdCents":
      case "feeCents":
      case "proposedCents":
        return typeof value === "number" ? formatUsd(value) : text;
      case "left": {
        // What was left to refund of the payment: its dollars and its own currency.
        const left = value as { amount?: unknown; usdCents?: unknown };
        return typeof left.usdCents === "number" && typeof left.amount === "number"
          ? `${formatUsd(left.usdCents)} (${formatAmount(left.amount, typeof after.currency === "string" ? after.currency : "IDR")})`
          : JSON.stringify(value);
      }
      case "way":
        return codeLabel(text, [[refundTexts, `way.${text}`]]);
      case "kind":
        return codeLabel(text, [[refundTexts, `return.kind.${text}`]]);
      case "arrivesBy":
        return /^\d{4}-\d{2}-\d{2}$/.test(text) ? consoleDay(text, locale) : text;
      case "balanceIdr":
        return typeof value === "number" ? formatIdr(value) : text;
      case "rate":
        return t("rate", { rate: formatRate(text) });
      case "productionTime":
        return productionTimeText(text, locale);
      case "validUntil":
        return /^\d{4}-\d{2}-\d{2}$/.test(text) ? consoleDay(text, locale) : text;
      case "handledAt":
        return Number.isNaN(Date.parse(text)) ? text : consoleDate(text, locale);
      case "method":
        return paymentMethodName(text, locale);
      case "version":
        return t("version", { version: text });
      case "quoteWithdrawn":
        return list ? list.map((v) => t("version", { version: String(v) })).join(", ") : text;
      case "sizes":
        return list ? t("sizeCm", { sizes: list.join(", ") }) : text;
      case "images":
      case "sources":
      case "pathnames":
      case "makingPhotos":
        return list ? countText("photos", list.length, locale) : text;
      // A move's photos are counted when they are recorded.
      case "photos":
        return typeof value === "number" ? countText("photos", value, locale) : list ? countText("photos", list.length, locale) : text;
      case "direction":
        return codeLabel(text, [[auditFieldTexts, `direction.${text}`]]);
      case "stages":
        // The making's stage list: each stage by its name in the reader's language, with its usual days.
        return list
          ? list
              .map((stage) => {
                const { nameEn, nameRu, usualDays } = stage as { nameEn?: unknown; nameRu?: unknown; usualDays?: unknown };
                const name = String((locale === "ru" ? nameRu : nameEn) ?? nameEn);
                return typeof usualDays === "number"
                  ? t("stageDays", { stage: name, days: countText("workingDays", usualDays, locale) })
                  : name;
              })
              .join(", ")
          : text;
      case "refunds":
        return list && list.length > 0
          ? list
              .map((r) =>
                codeLabel(String((r as { status?: unknown }).status), [
                  [recordStatusLabels, `refund.${(r as { status?: unknown }).status}`],
                ]),
              )
              .join(", ")
          : t("none");
      case "translations": {
        // {ru: {name, description, …}}: each Russian text by its field's name.
        const texts = Object.values(value as Record<string, Record<string, unknown>>).flatMap((one) => Object.entries(one ?? {}));
        return texts.length > 0 ? texts.map(([name, v]) => `${label(name)}: ${String(v)}`).join("; ") : t("none");
      }
    }
    if (typeof value === "boolean") return t(value ? "yes" : "no");
    if (typeof value === "string" || typeof value === "number") return text;
    return JSON.stringify(value);
  };

  const before = side("before");
  const after = side("after");
  // A refund is a record made once: its `before` is the payment it refunds as it stood (its method,
  // what was left), its `after` the refund; each field reads as one value, not as a change.
  const single = (f: FieldChange) => {
    if ("after" in f && f.after !== null && f.after !== undefined) return word(f.field, f.after, after);
    return word(f.field, f.before, before);
  };
  return fields
    .filter((f) => !unshown.has(f.field))
    .map((f) =>
      kind === "refund" || !("before" in f && "after" in f)
        ? `${label(f.field)}: ${single(f)}`
        : `${label(f.field)}: ${word(f.field, f.before, before)} → ${word(f.field, f.after, after)}`,
    )
    .map(cut);
}

/** A row of the log or a record's change: its lines in the reader's language, or as an older API wrote them. */
export function useChangeLines(): (change: { action: string; changes: string[]; fields?: FieldChange[] | undefined }) => string[] {
  const locale = useLocale();
  return useCallback((change) => (change.fields ? changeLinesOf(change.action, change.fields, locale) : change.changes), [locale]);
}
