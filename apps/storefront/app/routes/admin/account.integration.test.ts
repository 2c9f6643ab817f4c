import type { DatabaseHandle } from "@workshop/api/db/client.ts";
import { CLIENT_IP_HEADER } from "@workshop/api/http/request-context.ts";
import { staffOf } from "@workshop/api/staff/guard.ts";
import { hashPassword, verifyPassword } from "@workshop/api/staff/passwords.ts";
import { hashSessionId } from "@workshop/api/staff/sessions.ts";
import { signIn } from "@workshop/api/staff/sign-in.ts";
import { freshDatabase } from "@workshop/api/test-support/test-db.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "./account.tsx";

let database: DatabaseHandle;
let staffId: number;
const email = "ketut@workshop.test";
const first = "Kintamani-felt-fedora-77";
const origin = "http://localhost:3000";

beforeAll(async () => {
  database = await freshDatabase();
  const row = await database.db
    .insertInto("staffAccounts")
    .values({ email, name: "Ketut", role: "staff", locale: "en", passwordHash: await hashPassword(first) })
    .returningAll()
    .executeTakeFirst();
  staffId = row!.id;
});
afterAll(() => database.close());

const signedIn = async (password: string) => {
  const result = await signIn({ email, password, ip: "203.0.113.20", userAgent: "test" });
  if (!result.ok) throw new Error("not signed in");
  return result.sessionId;
};
const request = (sessionId: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cookie", `staff=${sessionId}`);
  headers.set(CLIENT_IP_HEADER, "203.0.113.20");
  return new Request(`${origin}/admin/account`, { ...init, headers });
};
type Args = Parameters<typeof action>[0];
/** Posts the account page's form as the page does; a refusal thrown by the guard is returned. */
const post = (sessionId: string, fields: Record<string, string>) =>
  action({
    request: request(sessionId, { method: "POST", headers: { origin }, body: new URLSearchParams(fields) }),
    params: {},
    context: {},
  } as unknown as Args).catch((refusal: unknown) => refusal);

describe("changing one's own password at /admin/account", () => {
  it("gives this browser a new session and form token; the old cookie and token open nothing", async () => {
    const old = await signedIn(first);
    const elsewhere = await signedIn(first);
    const oldToken = (await staffOf(request(old)))!.formToken;

    const changed = await post(old, {
      _token: oldToken,
      intent: "password",
      current: first,
      next: "a hat of pandan leaves",
      repeat: "a hat of pandan leaves",
    });
    expect(changed).toBeInstanceOf(Response);
    const response = changed as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/account?saved=password");
    const fresh = /^staff=([A-Za-z0-9_-]{43}); Path=\/;.* HttpOnly; SameSite=Lax/.exec(response.headers.get("set-cookie") ?? "")?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(old);
    const row = await database.db.selectFrom("staffAccounts").select("passwordHash as h").where("id", "=", staffId).executeTakeFirst();
    expect(await verifyPassword(row!.h, "a hat of pandan leaves")).toBe(true);

    // The old cookie, here and in the other browser, no longer opens the admin: the sign-in page.
    expect(await staffOf(request(old))).toBeNull();
    expect(await staffOf(request(elsewhere))).toBeNull();
    const replayed = await post(old, { _token: oldToken, intent: "locale", locale: "ru" });
    expect((replayed as Response).headers.get("location")).toMatch(/^\/admin\/login\?next=/);
    // Only the new session is left.
    const sessions = await database.db.selectFrom("staffSessions").select("idHash").where("staffId", "=", staffId).execute();
    expect(sessions).toEqual([{ idHash: hashSessionId(fresh!) }]);

    // The new cookie works with the new form token only.
    const context = (await staffOf(request(fresh!)))!;
    expect(context.user.id).toBe(staffId);
    expect(context.formToken).not.toBe(oldToken);
    expect(await post(fresh!, { _token: oldToken, intent: "locale", locale: "ru" })).toMatchObject({ init: { status: 403 } });
    const saved = (await post(fresh!, { _token: context.formToken, intent: "locale", locale: "ru" })) as Response;
    expect(saved.headers.get("location")).toBe("/admin/account?saved=locale");
  });

  it("keeps the session and its token when the change is refused", async () => {
    const id = await signedIn("a hat of pandan leaves");
    const token = (await staffOf(request(id)))!.formToken;
    const refused = await post(id, {
      _token: token,
      intent: "password",
      current: "not my password",
      next: "another hat of pandan",
      repeat: "another hat of pandan",
    });
    expect(refused).toMatchObject({ init: { status: 400 }, data: { errors: { current: "wrongPassword" } } });
    expect((await staffOf(request(id)))?.formToken).toBe(token);
  });
});
