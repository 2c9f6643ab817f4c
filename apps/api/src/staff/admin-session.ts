import type { Locale } from "@workshop/domain/locale.ts";
import type { SessionAnswer } from "@workshop/domain/staff-api.ts";
import { recordAudit } from "#server/audit/log.ts";
import { setLocale } from "./accounts.ts";
import { contextOf, type StaffContext } from "./guard.ts";
import { endSession, sessionOf } from "./sessions.ts";
import { signIn } from "./sign-in.ts";

/**
 * The staff console's session (/api/admin/session): who is signed in and the token their writes
 * carry, signing in and out, and the person's own language; the session's cookie is cookie.ts's.
 */

/** What the console is told about a session: the person, and the token its writes carry (X-CSRF-Token). */
export function sessionAnswerOf(context: StaffContext): SessionAnswer {
  return { staff: context.user, csrfToken: context.formToken };
}

type AdminSignIn =
  | { ok: true; sessionId: string; answer: SessionAnswer }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfter: number };

/** Signs in (signIn: its limits, delays and audit), answering the new session. */
export async function adminSignIn(input: {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}): Promise<AdminSignIn> {
  const result = await signIn(input);
  if (!result.ok) return result;
  const session = await sessionOf(result.sessionId);
  // Just started; gone only if the account was disabled in between.
  if (!session) return { ok: false, reason: "invalid" };
  return { ok: true, sessionId: result.sessionId, answer: sessionAnswerOf(contextOf(session, input.ip)) };
}

/** Sets the signed-in person's admin language; answers the session as it is now. */
export async function changeSessionLocale(context: StaffContext, locale: Locale): Promise<SessionAnswer> {
  await setLocale(context.user.id, locale);
  return { staff: { ...context.user, locale }, csrfToken: context.formToken };
}

/** Ends this session (the account's others stay), written to the audit log as the sign-out page does. */
export async function adminSignOut(context: StaffContext): Promise<void> {
  await endSession(context.sessionIdHash);
  await recordAudit({ actor: context.actor, action: "sign-out", recordType: "staff", recordId: context.user.id });
}
