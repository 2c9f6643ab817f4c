import { customOrderFormErrors } from "@workshop/domain/i18n/form-errors.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { type CustomOrderField, customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { fieldMessages } from "@workshop/domain/validation/fields.ts";

/**
 * The custom order form's own check in the browser, the schema its action and the API apply: each
 * field's message in the page's language, or null when the form may go. Loaded with the form's
 * first use (its schema library is a large part of the page's script), not with the page.
 */
export function customOrderProblems(form: FormData, locale: Locale): Partial<Record<CustomOrderField, string>> | null {
  const parsed = customOrderSchema.safeParse({ ...Object.fromEntries(form), referenceImages: form.getAll("referenceImages") });
  return parsed.success ? null : fieldMessages<CustomOrderField>(parsed.error, customOrderFormErrors, locale);
}
