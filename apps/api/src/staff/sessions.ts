import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { sessionSecret } from "#server/auth/session-secret.ts";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { defineJob } from "#server/jobs/index.ts";

/** A session ends after 12 hours without a request, and 7 days after sign-in in any case. */
export const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_MAX_MS = 7 * 24 * 3_600_000;
/** Last-seen is written at most this often, so reading pages costs no write each. */
const TOUCH_EVERY_MS = 5 * 60_000;

export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

export type StaffSession = {
  idHash: string;
  formToken: string;
  staff: { id: number; email: string; name: string; role: string; locale: string };
};

const tagOf = (nonce: Buffer) => createHmac("sha256", sessionSecret()).update("staff-session:").update(nonce).digest().subarray(0, 16);

/**
 * A session id is 16 random bytes and the first 16 bytes of their HMAC (SESSION_SECRET's key), 43
 * characters: an id nobody signed is refused without a database read, so made-up cookies cost
 * the database nothing.
 */
function newSessionId(): string {
  const nonce = randomBytes(16);
  return Buffer.concat([nonce, tagOf(nonce)]).toString("base64url");
}

function isSignedSessionId(id: string): boolean {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return false;
  const bytes = Buffer.from(id, "base64url");
  // One spelling per id: another spelling of the same bytes would pass the tag yet miss the row.
  if (bytes.length !== 32 || bytes.toString("base64url") !== id) return false;
  return timingSafeEqual(bytes.subarray(16), tagOf(bytes.subarray(0, 16)));
}

/** Starts a session for a staff account: the returned id goes into the cookie and nowhere else. */
export async function startSession(staffId: number, client: { ip: string | null; userAgent: string | null }, tx?: Tx) {
  const db = tx ?? (await getDb());
  const id = newSessionId();
  const formToken = randomBytes(32).toString("base64url");
  await db
    .insertInto("staffSessions")
    .values({
      idHash: hashSessionId(id),
      staffId,
      formToken,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { id, formToken };
}

/** The session with this id hash and its account: every staff request asks this first (by primary key). */
async function lookup(db: Db, idHash: string) {
  const row = await db
    .selectFrom("staffSessions")
    .innerJoin("staffAccounts", "staffAccounts.id", "staffSessions.staffId")
    .select([
      "staffSessions.formToken",
      "staffSessions.createdAt",
      "staffSessions.lastSeenAt",
      "staffAccounts.id",
      "staffAccounts.email",
      "staffAccounts.name",
      "staffAccounts.role",
      "staffAccounts.locale",
      "staffAccounts.disabledAt",
    ])
    .where("staffSessions.idHash", "=", idHash)
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { formToken, createdAt, lastSeenAt, ...staff } = row;
  return { formToken, createdAt, lastSeenAt, staff };
}

/**
 * The live session behind a cookie's id (signed by this shop): its account enabled, used within 12 hours, begun within
 * 7 days. (A password change or reset, or disabling, deletes the account's sessions.) Anything
 * else is none.
 */
export async function sessionOf(id: string | null | undefined, now = new Date()): Promise<StaffSession | null> {
  if (!id || !isSignedSessionId(id)) return null;
  const db = await getDb();
  const idHash = hashSessionId(id);
  const row = await lookup(db, idHash);
  if (!row) return null;
  const t = now.getTime();
  const over =
    row.staff.disabledAt !== null || t - row.lastSeenAt.getTime() > SESSION_IDLE_MS || t - row.createdAt.getTime() > SESSION_MAX_MS;
  if (over) {
    await db.deleteFrom("staffSessions").where("idHash", "=", idHash).execute();
    return null;
  }
  if (t - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.updateTable("staffSessions").set({ lastSeenAt: sql`now()` }).where("idHash", "=", idHash).execute();
  }
  const { disabledAt: _disabled, ...staff } = row.staff;
  return { idHash, formToken: row.formToken, staff };
}

export async function endSession(idHash: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("staffSessions").where("idHash", "=", idHash).execute();
}

/** Ends every session of an account (disabled, password changed or reset). */
export async function endSessionsOf(staffId: number, tx?: Tx): Promise<void> {
  const db = tx ?? (await getDb());
  await db.deleteFrom("staffSessions").where("staffId", "=", staffId).execute();
}

/** Removes sessions that can no longer be used (run by the periodic jobs). */
export async function sweepStaleSessions(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .deleteFrom("staffSessions")
    .where((eb) =>
      eb.or([
        eb("lastSeenAt", "<", new Date(now.getTime() - SESSION_IDLE_MS)),
        eb("createdAt", "<", new Date(now.getTime() - SESSION_MAX_MS)),
      ]),
    )
    .returning("idHash")
    .execute();
  return rows.length;
}

/** Every hour, on one instance: ended sessions leave the table. */
defineJob<object>(
  "staff-sessions-sweep",
  async () => {
    await sweepStaleSessions();
  },
  { schedule: { cron: "17 * * * *" } },
);
