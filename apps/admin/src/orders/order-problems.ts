import type { Translate } from "@workshop/domain/i18n/core.ts";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "#admin/api/client.ts";
import type { orderTexts } from "#admin/i18n/order.ts";

type T = Translate<keyof typeof orderTexts.en>;

const fieldCodes = ["required", "tooLong", "characters", "expired"] as const;

/** A field's message code (the shared schemas' and the API's) in the person's language; anything else as it came. */
export function fieldProblem(t: T, code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  return (fieldCodes as readonly string[]).includes(code) ? t(`error.${code as (typeof fieldCodes)[number]}`) : code;
}

/**
 * What a refused write says: field messages go beside their fields (`fields` names the form's),
 * a refusal with a code is worded in the person's language, anything else as the API said it.
 * Null when everything was shown beside the fields.
 */
export function refusalOf<F extends FieldValues>(
  t: T,
  error: unknown,
  form?: UseFormReturn<F>,
  fields: readonly Path<F>[] = [],
): string | null {
  if (!(error instanceof ApiError)) return t("failed", { reason: String(error) });
  const details = (typeof error.details === "object" && error.details !== null ? error.details : {}) as Record<string, unknown>;
  if (typeof details.code === "string") {
    const key = `refusal.${details.code}`;
    return t("failed", { reason: key in refusalKeys ? t(key as keyof typeof orderTexts.en) : error.message });
  }
  if (error.status === 400 && form) {
    let shown = false;
    for (const [field, code] of Object.entries(details)) {
      if ((fields as readonly string[]).includes(field)) {
        form.setError(field as Path<F>, { message: String(code) });
        shown = true;
      }
    }
    if (shown) return null;
  }
  return t("failed", { reason: error.message });
}

const refusalKeys: Record<string, true> = Object.fromEntries(
  [
    "not-cash",
    "already-paid",
    "payment-not-pending",
    "cancelled",
    "move-not-allowed",
    "not-paid",
    "balance-unpaid",
    "pickup-not-shipped",
    "pickup-only",
    "stale",
    "no-email",
    "no-balance",
  ].map((code) => [`refusal.${code}`, true]),
);
