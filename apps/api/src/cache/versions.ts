import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";

/**
 * What each instance keeps in memory (catalogue reads, whole pages) hears of changes through the
 * database: the transaction that changes the data raises a counter in `cache_versions`, and every
 * instance on a shared PostgreSQL reads the counters every WATCH_MS and drops its copies when one
 * moved. docs/decisions/022-cache-versions.md.
 */
const WATCH_MS = 250;

/** The kinds of data counted: "catalog" is products and their photos (every page showing them). */
export type VersionName = "catalog";

type Listener = () => void;
type State = { listeners: Map<string, Set<Listener>>; seen: Map<string, number> | null; timer?: ReturnType<typeof setInterval> };

// Process-wide: the server entry starts the watch, the bundled routes register what to forget.
const slot = Symbol.for("shop.cache-versions");
const g = globalThis as { [slot]?: State };
const state: State = (g[slot] ??= { listeners: new Map(), seen: null });

/** Calls `listener` whenever the data named `name` changes, here or on another instance. */
export function onChange(name: VersionName, listener: Listener): void {
  const set = state.listeners.get(name) ?? new Set();
  set.add(listener);
  state.listeners.set(name, set);
}

function tell(name: string): void {
  for (const listener of state.listeners.get(name) ?? []) listener();
}

/**
 * Says, inside the transaction that changes it, that the data named `name` changed: other
 * instances learn it once the transaction commits, this one at once.
 */
export async function raiseVersion(name: VersionName, tx?: Tx): Promise<void> {
  const db = tx ?? (await getDb());
  await db
    .insertInto("cacheVersions")
    .values({ name, version: 1 })
    .onConflict((oc) => oc.column("name").doUpdateSet((eb) => ({ version: eb("cacheVersions.version", "+", 1) })))
    .execute();
  tell(name);
}

/**
 * Reads the counters once and tells the listeners of each one that moved since the last read (on
 * the first read, all of them: a change may have come before it).
 */
export async function checkVersions(db?: Db): Promise<void> {
  const rows = await (db ?? (await getDb())).selectFrom("cacheVersions").selectAll().execute();
  const before = state.seen;
  state.seen = new Map(rows.map((r) => [r.name, r.version]));
  // Before the first read nothing says what was cached when: drop it all once.
  if (!before) {
    for (const name of state.listeners.keys()) tell(name);
    return;
  }
  for (const [name, version] of state.seen) if (before.get(name) !== version) tell(name);
}

/** Starts watching the counters (one shared PostgreSQL, several instances); returns the stop. */
export function watchVersions(): () => void {
  let failing = false;
  let busy = false;
  state.timer ??= setInterval(() => {
    if (busy) return;
    busy = true;
    checkVersions()
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        // Said once per outage, not four times a second.
        if (!failing) console.error(`cache versions not read: ${error instanceof Error ? error.message : error}`);
        failing = true;
      })
      .finally(() => {
        busy = false;
      });
  }, WATCH_MS);
  state.timer.unref();
  return () => {
    clearInterval(state.timer);
    state.timer = undefined;
  };
}

/** The read of the counters that requests waiting to catch up share (one at a time). */
let catchingUp: Promise<void> | null = null;

/**
 * Makes sure this instance has acted on `version` of `name` before it answers a caller that has
 * already heard of it (a storefront, from another instance behind the same balancer): while its
 * own watch has not read that far, it reads the counters now, once for all the requests waiting.
 * A second read covers one that began before the change committed; a version the database does
 * not have yet (a forged header) costs those two reads and changes nothing. Without a watch (one
 * instance, which tells as it raises) there is nothing to catch up on.
 */
export async function catchUp(name: VersionName, version: number): Promise<void> {
  for (let read = 0; read < 2; read++) {
    if (!state.seen || (state.seen.get(name) ?? 0) >= version) return;
    catchingUp ??= checkVersions().finally(() => {
      catchingUp = null;
    });
    await catchingUp;
  }
}

/**
 * The counters this instance has acted on (0 for one never raised): a storefront that hears a new
 * value from it knows this instance already dropped its own copies, so the pages it renders next
 * through it are current. Where the watch runs (several instances on PostgreSQL), the values it last
 * read and told; otherwise (one instance, which tells its listeners as it raises) the database's.
 */
export async function appliedVersions(): Promise<Record<VersionName, number>> {
  const seen =
    state.seen ??
    new Map((await (await getDb()).selectFrom("cacheVersions").select(["name", "version"]).execute()).map((r) => [r.name, r.version]));
  return { catalog: Number(seen.get("catalog") ?? 0) };
}
