import { describe, expect, it } from "vitest";
import { cleanMask, maskIou } from "./mask.ts";

/** A 40 x 40 mask from a function of (x, y). */
const mask = (f: (x: number, y: number) => number) => Uint8Array.from({ length: 1600 }, (_, i) => f(i % 40, Math.floor(i / 40)));
const inSquare = (x: number, y: number, x0: number, y0: number, size: number) => x >= x0 && x < x0 + size && y >= y0 && y < y0 + size;

describe("mask cleaning", () => {
  it("keeps the largest region, drops specks, fills a small hole and keeps the soft edge", () => {
    const soft = mask((x, y) => {
      if (inSquare(x, y, 18, 18, 2)) return 10; // a hole in the hat
      if (inSquare(x, y, 10, 10, 20)) return 250;
      if (x === 9 && y >= 10 && y < 30) return 100; // soft edge, below the threshold
      if (inSquare(x, y, 1, 1, 3)) return 255; // a speck of background
      return 0;
    });
    const clean = cleanMask(soft, 40, 40);
    expect(clean[2 * 40 + 2]).toBe(0);
    expect(clean[18 * 40 + 18]).toBe(255);
    expect(clean[15 * 40 + 9]).toBe(100);
    expect(clean[15 * 40 + 15]).toBe(250);
  });

  it("drops what only a thin bridge joins to the hat (a pin or a straw lying against the brim)", () => {
    const soft = mask((x, y) => {
      if (inSquare(x, y, 2, 2, 20)) return 255; // the hat
      if (y === 12 && x >= 22 && x < 30) return 255; // a pin touching it
      if (inSquare(x, y, 30, 8, 8)) return 255; // the pin's head, a blob of its own
      return 0;
    });
    const clean = cleanMask(soft, 40, 40, { threshold: 128, largestRegion: true, maxHoleShare: 0.02, openRadius: 2 });
    expect(clean[12 * 40 + 33]).toBe(0);
    expect(clean[12 * 40 + 28]).toBe(0);
    expect(clean[12 * 40 + 10]).toBe(255);
    expect(clean[2 * 40 + 2]).toBe(255); // the hat's own corner survives the opening
  });

  it("leaves a large opening alone (a hole that big is really background)", () => {
    const soft = mask((x, y) => (inSquare(x, y, 5, 5, 30) && !inSquare(x, y, 10, 10, 20) ? 255 : 0));
    expect(cleanMask(soft, 40, 40)[20 * 40 + 20]).toBe(0);
  });

  it("measures intersection over union", () => {
    const a = mask((x) => (x < 20 ? 255 : 0));
    const b = mask((x) => (x < 10 ? 255 : 0));
    expect(maskIou(a, b)).toBeCloseTo(0.5);
    expect(maskIou(a, a)).toBe(1);
  });
});
