import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";

/** A value cached in the database, so every instance of the shop shares it; null when absent or stale. */
export async function readCached<T>(key: string): Promise<T | null> {
  const db = await getDb();
  const row = await db
    .selectFrom("cacheEntries")
    .select("value")
    .where("key", "=", key)
    .where("expiresAt", ">", sql<Date>`now()`)
    .limit(1)
    .executeTakeFirst();
  return row ? (row.value as T) : null;
}

export async function writeCached(key: string, value: unknown, ttlSeconds: number): Promise<void> {
  const db = await getDb();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db
    .insertInto("cacheEntries")
    .values({ key, value: json(value), expiresAt })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json(value), expiresAt }))
    .execute();
}

export async function deleteCached(key: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("cacheEntries").where("key", "=", key).execute();
}
