import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window.ts";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first, the last and two around the current page, with gaps, never more than 9 entries", () => {
    expect(pageWindow(1, 2503)).toEqual([1, 2, 3, null, 2503]);
    expect(pageWindow(500, 2503)).toEqual([1, null, 498, 499, 500, 501, 502, null, 2503]);
    expect(pageWindow(2503, 2503)).toEqual([1, null, 2501, 2502, 2503]);
    expect(pageWindow(4, 2503)).toEqual([1, 2, 3, 4, 5, 6, null, 2503]);
    for (let page = 1; page <= 2503; page += 97) expect(pageWindow(page, 2503).length).toBeLessThanOrEqual(9);
  });
});
