import { choicesText } from "@workshop/domain/validation/fields.ts";
import type { z } from "zod";
import { AppError } from "#server/errors.ts";

const reasons: Record<string, string> = {
  required: "is required",
  email: "must be a valid email address",
  tooLong: "is too long",
  characters: "contains characters that are not allowed",
  photo: "must list the ids that the upload answered, each once",
  photos: "may list at most 3 images",
};

/**
 * A 400 naming the first field that is wrong and why, e.g. 'email must be a valid email address' or
 * 'material must be one of "Straw", …'.
 */
export function invalidInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? "body");
  const reason =
    (issue && choicesText(issue)) ??
    reasons[issue?.message ?? ""] ??
    (issue?.code === "invalid_type" ? "has the wrong type" : "is not valid");
  return new AppError("invalid", `${field} ${reason}`, { fields: error.issues.map((i) => String(i.path[0] ?? "")).filter(Boolean) });
}
