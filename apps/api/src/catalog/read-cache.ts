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

/**
 * How long a read kept until the catalogue next changes is kept at most: a change that no instance
 * was told of (SQL typed by hand) shows within it. Longer than the 5 s of `cachedRead`: each time it
 * runs out, every card of the list is read again (20,000 products: 2,500 statements).
 */
export const KEPT_MAX_MS = 5 * 60_000;

/**
 * A catalogue read kept until the catalogue next changes, for what costs too much to make every
 * few seconds (the list's ordering, list-index.ts). Callers meanwhile share one read; a read begun
 * before a change is answered to those who asked, never kept after it. Past KEPT_MAX_MS the first
 * caller starts a fresh read, and callers are answered from the kept one until it comes.
 */
export function keptUntilChange<T>(read: () => Promise<T>): () => Promise<T> {
  type Kept = { begun: number; at: number; value: Promise<T> };
  let kept: Kept | null = null;
  let renewing = false;
  const start = (): Kept => {
    const entry = { begun: generation, at: Date.now(), value: read() };
    // A failed read is not remembered.
    entry.value.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry;
  };
  // Dropped at once (the old copy may be large); a read on its way is answered, then not kept.
  onChange("catalog", () => {
    kept = null;
  });
  return () => {
    if (!kept) {
      kept = start();
      return kept.value;
    }
    if (!renewing && Date.now() - kept.at > KEPT_MAX_MS) {
      renewing = true;
      const next = start();
      next.value
        .then(
          // Kept only when no change came meanwhile (then a newer read already replaced it).
          () => {
            if (next.begun === generation) kept = next;
          },
          () => {},
        )
        .finally(() => {
          renewing = false;
        });
    }
    return kept.value;
  };
}

/**
 * Values read in batches and kept by key until the catalogue next changes (KEPT_MAX_MS at most),
 * `maxEntries` at most (the oldest go first): the list's cards, of which a page reads only those
 * not kept yet. Callers share a read in flight; one begun before a change is answered, never kept
 * after it.
 */
export function keptByKeyUntilChange<K, V>(
  maxEntries: number,
  read: (keys: K[]) => Promise<Map<K, V>>,
): (keys: readonly K[]) => Promise<(V | undefined)[]> {
  type Kept = { at: number; value: Promise<V | undefined> };
  const kept = new Map<K, Kept>();
  // A read on its way is answered, then not kept.
  onChange("catalog", () => kept.clear());
  /** One read for the keys not kept, each key's value kept as it comes. */
  const readAndKeep = (missing: K[]): Map<K, Promise<V | undefined>> => {
    const batch = read(missing);
    const fresh = new Map<K, Promise<V | undefined>>();
    for (const key of missing) {
      const entry = { at: Date.now(), value: batch.then((found) => found.get(key)) };
      fresh.set(key, entry.value);
      kept.delete(key);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as K);
      kept.set(key, entry);
      // A failed read is not remembered.
      entry.value.catch(() => kept.get(key) === entry && kept.delete(key));
    }
    return fresh;
  };
  return (keys) => {
    const now = Date.now();
    const values = keys.map((key) => {
      const entry = kept.get(key);
      return entry && now - entry.at <= KEPT_MAX_MS ? entry.value : undefined;
    });
    const missing = [...new Set(keys.filter((_, i) => values[i] === undefined))];
    if (missing.length > 0) {
      const fresh = readAndKeep(missing);
      keys.forEach((key, i) => {
        values[i] ??= fresh.get(key);
      });
    }
    return Promise.all(values);
  };
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
