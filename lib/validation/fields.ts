import { z } from "zod";

/** Field rules shared by every form (the browser's hints and the server's real check). */
export const messages = {
  required: "required",
  email: "email",
  tooLong: "tooLong",
} as const;
export type FieldError = (typeof messages)[keyof typeof messages];

/** A required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong });

export const email = z
  .string({ error: messages.required })
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
