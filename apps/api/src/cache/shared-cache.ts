import { eq, sql } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { cacheEntries } from "#server/db/schema.ts";

/** A value cached in the database, so every instance of the shop shares it; null when absent or stale. */
export async function readCached<T>(key: string): Promise<T | null> {
  const db = await getDb();
  const [row] = await db
    .select({ value: cacheEntries.value })
    .from(cacheEntries)
    .where(sql`${cacheEntries.key} = ${key} and ${cacheEntries.expiresAt} > now()`)
    .limit(1);
  return row ? (row.value as T) : null;
}

export async function writeCached(key: string, value: unknown, ttlSeconds: number): Promise<void> {
  const db = await getDb();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db
    .insert(cacheEntries)
    .values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: cacheEntries.key, set: { value, expiresAt } });
}

export async function deleteCached(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(cacheEntries).where(eq(cacheEntries.key, key));
}
