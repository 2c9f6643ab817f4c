import { CSRF_HEADER, sessionAnswer } from "@workshop/domain/staff-api.ts";

/** The owner every browser test's shop is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const testOwner = { email: "owner@workshop.test", password: "Ubud-workshop-owner-2026" } as const;

export type Credentials = { email: string; password: string };

export type StaffSession = { cookie: string; csrfToken: string };

/**
 * Signs in through the staff API as the console does (POST /api/admin/session from an allowed
 * origin) and returns the session cookie (`staff=…`) and the token its writes carry.
 */
export async function staffSession(baseURL: string, who: Credentials = testOwner): Promise<StaffSession> {
  const response = await fetch(`${baseURL}/api/admin/session`, {
    method: "POST",
    headers: { Origin: baseURL, "Content-Type": "application/json" },
    body: JSON.stringify(who),
  });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff=/.test(c));
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in as ${who.email} failed: ${response.status}`);
  return { cookie: cookie.split(";")[0]!, csrfToken: sessionAnswer.parse(await response.json()).csrfToken };
}

/** The session cookie alone, for reads. */
export const staffCookie = async (baseURL: string, who: Credentials = testOwner): Promise<string> =>
  (await staffSession(baseURL, who)).cookie;

/** A staff write as the console sends it: from an allowed origin, with the session's cookie and token. */
export function staffWrite(baseURL: string, session: StaffSession, path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method,
    headers: {
      Origin: baseURL,
      Cookie: session.cookie,
      [CSRF_HEADER]: session.csrfToken,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
