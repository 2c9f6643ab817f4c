import { z } from "zod";
import type { Catalogue } from "../i18n/core.ts";
import type { Locale } from "../locale.ts";

// In the browser, zod must not try `new Function` (its faster parser): the Content-Security-Policy
// forbids eval, and each try is reported as a violation.
if (typeof document !== "undefined") z.config({ jitless: true });

/** Field rules shared by every form (the browser's hints and the server's real check). */
export const messages = {
  required: "required",
  email: "email",
  tooLong: "tooLong",
  characters: "characters",
  choice: "choice",
} as const;
type FieldError = (typeof messages)[keyof typeof messages];

/**
 * Control characters (other than tab and line breaks) and unpaired UTF-16 surrogates: no person
 * types them, and PostgreSQL refuses NUL in text, so they are refused before anything is stored.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const isPlainText = (text: string): boolean => text.isWellFormed() && !controlCharacter.test(text);

/** Any text a person may type: no control characters, no broken Unicode. */
export const plainText = () => z.string({ error: messages.required }).refine(isPlainText, { error: messages.characters });

/** A required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number) => plainText().trim().min(1, { error: messages.required }).max(max, { error: messages.tooLong });

/** An optional text: trimmed, at most `max` characters, empty when missing. */
export const optionalText = (max: number) => plainText().trim().max(max, { error: messages.tooLong }).optional().default("");

/** One of a fixed list of choices: a missing or empty value is "required", another value "choice". */
export const oneOf = <T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? messages.required : messages.choice),
  });

/**
 * What an API answers for a value outside a list of choices: the choices themselves, e.g.
 * `must be one of "Straw", "Fabric"`. Null for any other problem.
 */
export function choicesText(issue: z.core.$ZodIssue): string | null {
  if (issue.code !== "invalid_value" || issue.message !== messages.choice) return null;
  return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
}

export const email = plainText()
  .trim()
  .min(1, { error: messages.required })
  .max(254, { error: messages.tooLong })
  .pipe(z.email({ error: messages.email }));

export type FieldErrors<K extends string> = Partial<Record<K, FieldError>>;

/** The first problem of each field, from a failed parse. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const result: Partial<Record<string, FieldError>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !result[field]) result[field] = issue.message as FieldError;
  }
  return result as FieldErrors<K>;
}

/**
 * The first problem of each field in words: its code said by the form's catalogue
 * (i18n/form-errors.ts) in the visitor's language. What a public form shows beside its fields, and
 * what the API answers in a refusal's `details`.
 */
export function fieldMessages<K extends string>(
  error: z.ZodError,
  catalogue: Catalogue<string>,
  locale: Locale,
): Partial<Record<K, string>> {
  const words = { ...catalogue.en, ...catalogue[locale] };
  const found: Partial<Record<string, string>> = fieldErrors<K>(error);
  return Object.fromEntries(Object.entries(found).map(([field, code = ""]) => [field, words[code] ?? code])) as Partial<Record<K, string>>;
}
