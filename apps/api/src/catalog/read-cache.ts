import { onChange, raiseVersion } from "#server/cache/versions.ts";
import type { Tx } from "#server/db/tx.ts";

/**
 * A few seconds of memory for catalogue reads. Every product page and list would otherwise ask the
 * database the same questions hundreds of times a second; the database stays the only truth. A
 * change is told to every instance through the database (`catalogChanged`), so a copy never
 * outlives it by more than the watch interval; CATALOG_CACHE_MS bounds it in any case.
 */
const CATALOG_CACHE_MS = 5_000;
const MAX_ENTRIES = 2_000;

type Entry = { expires: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();
/** Moves on each change: a read begun before a change is never kept after it. */
let generation = 0;

export function cachedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = read();
  entries.set(key, { expires: now + CATALOG_CACHE_MS, value });
  const begun = generation;
  value.then(
    // Finished after a change it may have missed: not kept.
    () => begun !== generation && entries.get(key)?.value === value && entries.delete(key),
    // A failed read is not remembered.
    () => entries.get(key)?.value === value && entries.delete(key),
  );
  return value;
}

function forgetCatalogReads(): void {
  generation++;
  entries.clear();
}
onChange("catalog", forgetCatalogReads);

/**
 * Says, inside the transaction that saves a product or its photos, that the catalogue changed:
 * every instance drops its catalogue reads and cached pages (this one at once, the others within
 * a quarter of a second of the commit).
 */
export function catalogChanged(tx?: Tx): Promise<void> {
  return raiseVersion("catalog", tx);
}
