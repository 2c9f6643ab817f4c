import { z } from "zod";
import { locales } from "../locale.ts";
import { normalizeStaffEmail } from "../validation/staff.ts";

/**
 * The staff console's contract for people (`/api/admin/staff…`, owners only, and
 * `/api/admin/account/…`, one's own). A refusal names each wrong field with a key of
 * `staffProblems` under `details` (`{field: key}`): the console says it in the person's language,
 * and its forms use these schemas, whose messages are the same keys.
 */

/** Why a staff change was refused; the console translates each. */
export const staffProblems = [
  "required",
  "repeat",
  "passwordTooShort",
  "passwordTooLong",
  "passwordCommon",
  "passwordSimple",
  "passwordIsEmail",
  "passwordCharacters",
  "emailInvalid",
  "emailTaken",
  "nameRequired",
  "nameTooLong",
  "roleInvalid",
  "localeInvalid",
  "notFound",
  "lastOwner",
  "disableSelf",
  "resetSelf",
  "wrongPassword",
  "tooManyAttempts",
  "passwordUnchanged",
  "ownersOnly",
] as const;
export type StaffProblemKey = (typeof staffProblems)[number];

export const staffRoles = ["staff", "owner"] as const;

/** One account as the staff list shows it (never a password or its hash). */
const staffAccountRow = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  locale: z.enum(locales),
  /** ISO 8601, or null while the account may sign in. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccountRow = z.infer<typeof staffAccountRow>;

/** GET /api/admin/staff: every account (owners first), and which one is the asker's. */
export const staffListAnswer = z.object({ accounts: z.array(staffAccountRow), meId: z.number().int() });
export type StaffListAnswer = z.infer<typeof staffListAnswer>;

/** A first or reset password: made by the shop and shown once, or typed by the owner. */
const passwordChoice = {
  choice: z.enum(["generate", "own"], "required"),
  password: z.string("required").max(256, "passwordTooLong").optional(),
};
const ownNeedsPassword = (value: { choice: string; password?: string | undefined }, context: z.RefinementCtx) => {
  if (value.choice === "own" && !value.password) context.addIssue({ code: "custom", path: ["password"], message: "required" });
};

/** POST /api/admin/staff: a new account. */
export const newStaffRequest = z
  .object({
    email: z
      .string("required")
      .trim()
      .min(1, "required")
      .refine((email) => normalizeStaffEmail(email) !== null, "emailInvalid"),
    name: z.string("nameRequired").trim().min(1, "nameRequired").max(100, "nameTooLong"),
    role: z.enum(staffRoles, "roleInvalid"),
    locale: z.enum(locales, "localeInvalid"),
    ...passwordChoice,
  })
  .superRefine(ownNeedsPassword);
export type NewStaffRequest = z.infer<typeof newStaffRequest>;

/** POST /api/admin/staff/:id/password: an owner resets someone else's password. */
export const resetPasswordRequest = z.object(passwordChoice).superRefine(ownNeedsPassword);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/**
 * POST /api/admin/staff (201), …/:id/disable, …/:id/enable, …/:id/password: the account as it is
 * now, and a password the shop made, in this one answer and nowhere else.
 */
export const staffChangeAnswer = z.object({ account: staffAccountRow, password: z.string().optional() });
export type StaffChangeAnswer = z.infer<typeof staffChangeAnswer>;

/**
 * PATCH /api/admin/account/password: one's own password, with the current one (204; every other
 * session of the account ends, this browser goes on in a new one with a new token).
 */
export const ownPasswordRequest = z
  .object({
    current: z.string("required").min(1, "required").max(1024, "passwordTooLong"),
    next: z.string("required").min(1, "required").min(12, "passwordTooShort").max(256, "passwordTooLong"),
    repeat: z.string("required").min(1, "required"),
  })
  .refine((value) => value.repeat === value.next, { path: ["repeat"], message: "repeat" });
export type OwnPasswordRequest = z.infer<typeof ownPasswordRequest>;
