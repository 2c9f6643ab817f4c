import { describe, expect, it } from "vitest";
import { batched } from "./batched.ts";

describe("batched", () => {
  it("runs calls made at the same moment together, and later ones in a run of their own", async () => {
    const runs: number[][] = [];
    const double = batched(async (items: number[]) => {
      runs.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it("keeps calls made during a run for the next one, and splits runs at the largest batch", async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstRun = new Promise<void>((resolve) => (started = resolve));
    const echo = batched(async (items: number[]) => {
      runs.push(items);
      if (runs.length === 1) {
        started();
        await gate;
      }
      return items;
    }, 2);
    const first = echo(1);
    await firstRun;
    const later = [echo(2), echo(3), echo(4)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(runs).toEqual([[1], [2, 3], [4]]);
  });

  it("fails only the item its error belongs to", async () => {
    const check = batched(async (items: number[]) => items.map((n) => (n < 0 ? new Error(`negative: ${n}`) : n)));
    const results = await Promise.allSettled([check(1), check(-1), check(2)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("runs each item of a failed batch again on its own", async () => {
    const runs: number[][] = [];
    const fragile = batched(async (items: number[]) => {
      runs.push(items);
      if (items.includes(13)) throw new Error("unlucky");
      return items;
    });
    const results = await Promise.allSettled([fragile(12), fragile(13), fragile(14)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(runs).toEqual([[12, 13, 14], [12], [13], [14]]);
  });
});
