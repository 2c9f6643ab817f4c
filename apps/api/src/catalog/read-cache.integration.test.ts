import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { catalogChanged, KEPT_MAX_MS, keptByKeyUntilChange, keptUntilChange } from "./read-cache.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => database.close());

/** Lets the reads' callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A read that finishes when the test says: `finish(i)` answers the i-th call. */
function controlledRead<T>() {
  const calls: { args: unknown[]; resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const read = (...args: unknown[]) => new Promise<T>((resolve, reject) => calls.push({ args, resolve, reject }));
  return { read, calls };
}

describe("a read kept until the catalogue changes", () => {
  it("is shared by the callers meanwhile, kept after, and read again after a change", async () => {
    const { read, calls } = controlledRead<string>();
    const ordering = keptUntilChange(read);
    const [a, b] = [ordering(), ordering()];
    expect(calls).toHaveLength(1);
    calls[0]!.resolve("first");
    expect([await a, await b]).toEqual(["first", "first"]);
    expect(await ordering()).toBe("first");
    await catalogChanged();
    const c = ordering();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve("second");
    expect(await c).toBe("second");
  });

  it("answers a read begun before a change to those who asked, and never keeps it after", async () => {
    const { read, calls } = controlledRead<string>();
    const ordering = keptUntilChange(read);
    const before = ordering();
    await catalogChanged();
    calls[0]!.resolve("before the change");
    expect(await before).toBe("before the change");
    const after = ordering();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve("after the change");
    expect(await after).toBe("after the change");
    expect(await ordering()).toBe("after the change");
  });

  it("is read again after five minutes (KEPT_MAX_MS), the kept one answered meanwhile; a change during that read wins", async () => {
    const { read, calls } = controlledRead<string>();
    const ordering = keptUntilChange(read);
    const first = ordering();
    calls[0]!.resolve("first");
    await first;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + KEPT_MAX_MS + 1_000 });
    expect(await ordering()).toBe("first");
    expect(await ordering()).toBe("first");
    expect(calls).toHaveLength(2);
    calls[1]!.resolve("renewed");
    await settle();
    expect(await ordering()).toBe("renewed");

    vi.setSystemTime(Date.now() + KEPT_MAX_MS + 1_000);
    expect(await ordering()).toBe("renewed");
    await catalogChanged();
    const afterChange = ordering();
    expect(calls).toHaveLength(4);
    calls[2]!.resolve("renewed before the change");
    calls[3]!.resolve("after the change");
    expect(await afterChange).toBe("after the change");
    await settle();
    expect(await ordering()).toBe("after the change");
  });

  it("does not remember a failed read", async () => {
    const { read, calls } = controlledRead<string>();
    const ordering = keptUntilChange(read);
    const failed = ordering();
    calls[0]!.reject(new Error("database away"));
    await expect(failed).rejects.toThrow("database away");
    const again = ordering();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve("back");
    expect(await again).toBe("back");
  });
});

describe("values kept by key until the catalogue changes", () => {
  it("reads only the keys not kept, in one read, and never keeps one begun before a change", async () => {
    const { read, calls } = controlledRead<Map<number, string>>();
    const cards = keptByKeyUntilChange<number, string>(100, (keys) => read(keys));
    const first = cards([1, 2, 3]);
    expect(calls.map((c) => c.args[0])).toEqual([[1, 2, 3]]);
    // Asked again while the read is on its way: shared, and only the new key read.
    const second = cards([3, 4]);
    expect(calls.map((c) => c.args[0])).toEqual([[1, 2, 3], [4]]);
    calls[0]!.resolve(new Map([1, 2, 3].map((k) => [k, `card ${k}`])));
    // A key the read did not find (a product hidden meanwhile) is answered as missing.
    calls[1]!.resolve(new Map());
    expect(await first).toEqual(["card 1", "card 2", "card 3"]);
    expect(await second).toEqual(["card 3", undefined]);

    const during = cards([5]);
    await catalogChanged();
    calls[2]!.resolve(new Map([[5, "card 5 before"]]));
    expect(await during).toEqual(["card 5 before"]);
    const after = cards([1, 5]);
    expect(calls[3]!.args[0]).toEqual([1, 5]);
    calls[3]!.resolve(new Map([1, 5].map((k) => [k, `card ${k} after`])));
    expect(await after).toEqual(["card 1 after", "card 5 after"]);
  });

  it("keeps at most so many, dropping the oldest", async () => {
    const reads: number[][] = [];
    const cards = keptByKeyUntilChange<number, number>(2, async (keys) => {
      reads.push(keys);
      return new Map(keys.map((k) => [k, k * 10]));
    });
    expect(await cards([1, 2])).toEqual([10, 20]);
    expect(await cards([3])).toEqual([30]);
    expect(await cards([2, 3, 1])).toEqual([20, 30, 10]);
    expect(reads).toEqual([[1, 2], [3], [1]]);
  });
});
