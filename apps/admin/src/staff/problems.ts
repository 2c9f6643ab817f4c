import type { Translate } from "@workshop/domain/i18n/core.ts";
import { type StaffProblemKey, staffProblems } from "@workshop/domain/staff-api/accounts.ts";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "#admin/api/client.ts";
import type { peopleTexts } from "#admin/i18n/people.ts";

type PeopleKey = keyof (typeof peopleTexts)["en"] & string;

const isProblem = (value: unknown): value is StaffProblemKey => (staffProblems as readonly unknown[]).includes(value);

/** A problem key (a schema's message or the API's `details`) in the person's language; anything else as it is. */
export function problemText(t: Translate<PeopleKey>, key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (key === "required") return t("error.required");
  if (key === "repeat") return t("error.repeat");
  return isProblem(key) ? t(`problem.${key}` as PeopleKey) : key;
}

/**
 * The API's refusal of a people form: each field's problem set on its field (`{field: key}`), and
 * the one that is no field's (`{problem: key}`) answered for the notice; anything else thrown on.
 */
export function refusalOf<V extends FieldValues>(error: unknown, form: UseFormReturn<V>, fields: readonly Path<V>[]): string | null {
  if (!(error instanceof ApiError) || error.status === 401) throw error;
  const details = (typeof error.details === "object" && error.details !== null ? error.details : {}) as Record<string, unknown>;
  let placed = false;
  for (const field of fields) {
    const key = details[field];
    if (typeof key === "string") {
      form.setError(field, { type: "server", message: key });
      placed = true;
    }
  }
  if (typeof details.problem === "string") return details.problem;
  return placed ? null : error.message;
}
