import { langParam } from "@workshop/domain/api-requests.ts";
import type { Catalogue } from "@workshop/domain/i18n/core.ts";
import { fieldMessages } from "@workshop/domain/validation/fields.ts";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "#server/errors.ts";
import { jsonBody } from "#server/plugins/json-api.ts";

/**
 * A storefront form's JSON body (packages/domain/src/shop-api/forms.ts) checked against its schema.
 * A body that is not JSON is a 400 "The body must be JSON"; one that is not an object is checked as
 * `{}` (each field missing); a wrong field is a 400 `{error, details: {field: message}}`, each
 * message in the form's `lang` in the words its page shows (`words`, i18n/form-errors.ts).
 */
export function checkedForm<T extends z.ZodType>(request: FastifyRequest, schema: T, words: Catalogue<string>, error: string): z.infer<T> {
  const body = jsonBody(request);
  const fields: Record<string, unknown> = typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body } : {};
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new AppError("invalid", error, fieldMessages(parsed.error, words, langParam.parse(fields.lang)));
  return parsed.data;
}
