import { CATALOG_VERSION_HEADER } from "@workshop/domain/shop-api/shop.ts";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedRead, catalogChanged } from "#server/catalog/read-cache.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { catchUpWithCaller } from "./caller-version.ts";
import { appliedVersions, checkVersions, onChange } from "./versions.ts";

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

  it("acts at once on a version a caller has heard of from another instance, before answering it", async () => {
    // An instance whose watch has read the counters, serving a catalogue read kept in memory.
    await checkVersions(database.db);
    let reads = 0;
    const app = Fastify();
    app.addHook("onRequest", catchUpWithCaller);
    app.get("/product", () => cachedRead("versions-caller", async () => ++reads));
    const ask = async (version?: number | string) =>
      (
        await app.inject({ url: "/product", headers: version === undefined ? {} : { [CATALOG_VERSION_HEADER]: String(version) } })
      ).json<number>();
    expect(await ask()).toBe(1);
    const known = (await appliedVersions()).catalog;

    // Another instance saves: this one's watch has not read it yet, and keeps its copy...
    await changeElsewhere();
    expect(await ask()).toBe(1);
    expect(await ask(known)).toBe(1);
    // ...until a storefront that heard of the change asks: then the read is made again.
    expect(await ask(known + 1)).toBe(2);
    expect((await appliedVersions()).catalog).toBe(known + 1);
    expect(await ask(known + 1)).toBe(2);

    // A version the database does not have, or no number at all, changes nothing.
    let told = 0;
    onChange("catalog", () => told++);
    expect(await ask(known + 1_000)).toBe(2);
    expect(await ask("1e9")).toBe(2);
    expect(await ask("12abc")).toBe(2);
    expect(told).toBe(0);
    await app.close();
  });
});
