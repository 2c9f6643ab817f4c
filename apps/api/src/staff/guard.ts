import { isLocale, type Locale } from "@workshop/domain/locale.ts";
import { CSRF_HEADER } from "@workshop/domain/staff-api.ts";
import type { Actor } from "#server/audit/actor.ts";
import { machineActor } from "#server/audit/actor.ts";
import { isStaff, sameSecret } from "#server/auth/staff-token.ts";
import { AppError } from "#server/errors.ts";
import { type Caller, headerOf } from "#server/http/caller.ts";
import { clientOf } from "#server/http/rate-limits.ts";
import { fromStaffOrigin, toStaffHost } from "#server/http/same-origin.ts";
import { preferredLocale } from "#server/locale.ts";
import { staffSessionId } from "./cookie.ts";
import { countStaffMiss, pauseBeforeRefusal, staffMissesWait } from "./miss-limit.ts";
import { type StaffSession, sessionOf } from "./sessions.ts";

type StaffUser = { id: number; email: string; name: string; role: "owner" | "staff"; locale: Locale };
export type StaffContext = { user: StaffUser; actor: Actor; formToken: string; sessionIdHash: string };

// One session lookup per request, however many steps ask (the guard, then the answer's language).
const seen = new WeakMap<Caller, Promise<StaffContext | null>>();

/** The signed-in staff member of a request, or null. */
export function staffOf(request: Caller): Promise<StaffContext | null> {
  let found = seen.get(request);
  if (!found) {
    found = lookUp(request);
    seen.set(request, found);
  }
  return found;
}

/**
 * A client past its limit of staff requests that found no one (miss-limit.ts) gets 429, after a
 * pause, before any lookup. A cookie counts only when the browser does not say another site's page sent the request:
 * the cookie also reaches the shop's port (cookies ignore ports), and a shop page is no staff page.
 */
async function lookUp(request: Caller): Promise<StaffContext | null> {
  const client = clientOf(request);
  const wait = await staffMissesWait(client);
  if (wait !== null) {
    await pauseBeforeRefusal();
    throw new AppError("too_many", `Too many requests. Please try again in ${wait} seconds.`, { retryAfter: wait });
  }
  const session = mayCarryStaffCookie(request) ? await sessionOf(staffSessionId(request)) : null;
  if (!session) {
    await countStaffMiss(client);
    return null;
  }
  return contextOf(session, request.ip);
}

/**
 * A read's cookie: with an Origin, the console's (or CORS_ORIGINS'); without, not from a page of
 * another site, nor from a same-origin page other than the console's (a shop page calling the API
 * through the shop's forwarding). A write's is judged by checkStaffWrite, which answers 403.
 */
function mayCarryStaffCookie(request: Caller): boolean {
  if (!isSafeMethod(request.method)) return true;
  if (headerOf(request, "origin") !== null) return isStaffOrigin(request);
  const site = headerOf(request, "sec-fetch-site");
  if (site === "same-origin") return toStaffHost(headerOf(request, "host"));
  return site !== "cross-site";
}

/** A live session as the guards hand it on: its account's role and language as the shop knows them. */
export function contextOf(session: StaffSession, ip: string | null): StaffContext {
  const role = session.staff.role === "owner" ? "owner" : "staff";
  const { id, email, name } = session.staff;
  const user: StaffUser = { id, email, name, role, locale: isLocale(session.staff.locale) ? session.staff.locale : "en" };
  const actor: Actor = { staffId: user.id, label: user.email, role, ip };
  return { user, actor, formToken: session.formToken, sessionIdHash: session.idHash };
}

/**
 * For JSON staff APIs: a machine with ADMIN_API_TOKEN, or a signed-in staff member (a request that
 * changes something must then pass checkStaffWrite). Else 401 / 403 (an AppError).
 */
export async function requireStaffApi(request: Caller): Promise<Actor> {
  if (isStaff(request)) return machineActor(request.ip);
  const context = await staffOf(request);
  if (!context) throw new AppError("unauthorized", "Sign in as staff, or send a valid staff token");
  checkStaffWrite(request, context);
  return context.actor;
}

/**
 * For the API's own session endpoints (/api/admin/session): the signed-in staff member of the
 * cookie, with the same checks on a write. A machine's token is no session: 401.
 */
export async function requireStaffSession(request: Caller): Promise<StaffContext> {
  const context = await staffOf(request);
  if (!context) throw new AppError("unauthorized", "Not signed in");
  checkStaffWrite(request, context);
  return context;
}

/** requireStaffSession for owners only: a staff member gets 403 (`{problem: "ownersOnly"}`), a stranger 401. */
export async function requireOwnerSession(request: Caller): Promise<StaffContext> {
  const context = await requireStaffSession(request);
  if (context.user.role !== "owner") throw new AppError("forbidden", "Only an owner may do this.", { problem: "ownersOnly" });
  return context;
}

/**
 * A write made with the session cookie must come from the staff console's pages (ADMIN_URL, or
 * CORS_ORIGINS; the browser's Origin, which a page cannot forge) and carry the session's token in X-CSRF-Token
 * (which another site's page cannot read): the cookie alone proves nothing, a browser sends it
 * with any page's request. Reads pass.
 */
function checkStaffWrite(request: Caller, context: StaffContext): void {
  if (isSafeMethod(request.method)) return;
  if (!isStaffOrigin(request)) throw new AppError("forbidden", "Cross-site request refused");
  const token = headerOf(request, CSRF_HEADER);
  if (!token || !sameSecret(token, context.formToken)) throw new AppError("forbidden", "Missing or wrong CSRF token: reload the page");
}

const isSafeMethod = (method: string) => method === "GET" || method === "HEAD";

/** Whether a request comes from the staff console's pages (ADMIN_URL, or CORS_ORIGINS). */
export function isStaffOrigin(request: Pick<Caller, "headers">): boolean {
  return fromStaffOrigin({ origin: headerOf(request, "origin"), secFetchSite: headerOf(request, "sec-fetch-site") });
}

/** The language of a staff answer (the console's CSV): the signed-in person's choice, else the visitor's preference. */
export async function adminLocale(request: Caller): Promise<Locale> {
  // A machine's token is no session: not a miss to count.
  const context = isStaff(request) ? null : await staffOf(request);
  return context?.user.locale ?? preferredLocale(request);
}
