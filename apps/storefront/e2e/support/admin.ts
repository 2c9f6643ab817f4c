import { CSRF_HEADER, sessionAnswer } from "@workshop/domain/staff-api.ts";

/** The owner every browser test's shop is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const testOwner = { email: "owner@workshop.test", password: "Ubud-workshop-owner-2026" } as const;

export type Credentials = { email: string; password: string };

export type StaffSession = { cookie: string; csrfToken: string };

/**
 * The staff console's origin as a test shop's API knows it: no ADMIN_URL, so the console on this
 * machine at its default port.
 */
export const consoleOrigin = "http://localhost:3001";

/**
 * Signs in at the API (`apiURL`, its own origin) as the console does (POST /api/admin/session from
 * the console's origin) and returns the session cookie (`staff=…`) and the token its writes carry.
 */
export async function staffSession(apiURL: string, who: Credentials = testOwner, origin = consoleOrigin): Promise<StaffSession> {
  const response = await fetch(`${apiURL}/api/admin/session`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(who),
  });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff=/.test(c));
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in as ${who.email} failed: ${response.status}`);
  return { cookie: cookie.split(";")[0]!, csrfToken: sessionAnswer.parse(await response.json()).csrfToken };
}

/** The session cookie alone, for reads. */
export const staffCookie = async (apiURL: string, who: Credentials = testOwner, origin = consoleOrigin): Promise<string> =>
  (await staffSession(apiURL, who, origin)).cookie;

/** A staff write as the console sends it: to the API, from the console's origin, with the session's cookie and token. */
export function staffWrite(apiURL: string, session: StaffSession, path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(`${apiURL}${path}`, {
    method,
    headers: {
      Origin: consoleOrigin,
      Cookie: session.cookie,
      [CSRF_HEADER]: session.csrfToken,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
