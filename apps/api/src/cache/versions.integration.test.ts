import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedRead, catalogChanged } from "#server/catalog/read-cache.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { checkVersions, onChange } from "./versions.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** What another instance does when it saves a product: raise the counter in its own transaction. */
const changeElsewhere = () =>
  database.db
    .insertInto("cacheVersions")
    .values({ name: "catalog", version: 1 })
    .onConflict((oc) => oc.column("name").doUpdateSet((eb) => ({ version: eb("cacheVersions.version", "+", 1) })))
    .execute();

describe("cache versions", () => {
  it("tells this instance at once, in the saving transaction, and raises the counter only when it commits", async () => {
    let told = 0;
    onChange("catalog", () => told++);
    await database.db.transaction().execute(async (tx) => {
      await catalogChanged(tx);
    });
    expect(told).toBe(1);
    const row = await database.db.selectFrom("cacheVersions").selectAll().where("name", "=", "catalog").executeTakeFirst();
    expect(row?.version).toBe(1);
    // A rolled back change leaves the counter where it was.
    await expect(
      database.db.transaction().execute(async (tx) => {
        await catalogChanged(tx);
        throw new Error("save failed");
      }),
    ).rejects.toThrow("save failed");
    const after = await database.db.selectFrom("cacheVersions").selectAll().where("name", "=", "catalog").executeTakeFirst();
    expect(after?.version).toBe(1);
  });

  it("drops everything on its first read of the counters (a change may have come before), then on each change, once", async () => {
    let told = 0;
    onChange("catalog", () => told++);
    await checkVersions(database.db);
    expect(told).toBe(1);
    await checkVersions(database.db);
    expect(told).toBe(1);
    await changeElsewhere();
    await checkVersions(database.db);
    expect(told).toBe(2);
    await checkVersions(database.db);
    expect(told).toBe(2);
  });

  it("drops catalogue reads on a change, and never keeps a read begun before it", async () => {
    let reads = 0;
    const read = async () => ++reads;
    expect(await cachedRead("versions-test", read)).toBe(1);
    expect(await cachedRead("versions-test", read)).toBe(1);
    await changeElsewhere();
    await checkVersions(database.db);
    expect(await cachedRead("versions-test", read)).toBe(2);

    // A slow read that a change overtakes is answered, but not kept for the next caller.
    let finish: (n: number) => void = () => {};
    const slow = cachedRead("versions-slow", () => new Promise<number>((resolve) => (finish = resolve)));
    await catalogChanged();
    finish(41);
    expect(await slow).toBe(41);
    expect(await cachedRead("versions-slow", async () => 42)).toBe(42);
  });
});
