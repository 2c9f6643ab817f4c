import { langParam } from "@workshop/domain/api-requests.ts";
import type { Catalogue } from "@workshop/domain/i18n/core.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { fieldMessages } from "@workshop/domain/validation/fields.ts";
import type { z } from "zod";
import { AppError } from "#server/errors.ts";
import type { BodyCheck } from "#server/plugins/json-api.ts";

/**
 * How a storefront form's JSON body (packages/domain/src/shop-api/forms.ts) is checked at its route
 * (checkedBodyOf): a body that is not JSON is a 400 "The body must be JSON"; one that is not an
 * object has no fields; a wrong field is a 400 `{error, details: {field: message}}`, each message in
 * the form's `lang`: the words its page shows (`words`, i18n/form-errors.ts), or the form's own.
 */
export function shopForm(
  error: string,
  words: Catalogue<string> | ((problems: z.ZodError, lang: Locale) => Record<string, string>),
): BodyCheck {
  const messages = typeof words === "function" ? words : (problems: z.ZodError, lang: Locale) => fieldMessages(problems, words, lang);
  return {
    json: "if any",
    refusal: (problems, fields) => new AppError("invalid", error, messages(problems, langParam.parse((fields as { lang?: unknown }).lang))),
  };
}
