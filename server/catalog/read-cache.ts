/**
 * A few seconds of memory for catalogue reads. Every product page and list would otherwise ask the
 * database the same questions hundreds of times a second; the database stays the only truth, and a
 * change made on another instance shows here within CATALOG_CACHE_MS at most.
 */
const CATALOG_CACHE_MS = 5_000;
const MAX_ENTRIES = 2_000;

type Entry = { expires: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();

export function cachedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = read();
  entries.set(key, { expires: now + CATALOG_CACHE_MS, value });
  // A failed read is not remembered.
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  return value;
}

/** Drops every kept read: after a change to the catalogue, this instance shows it at once. */
export function forgetCatalogReads(): void {
  entries.clear();
}
