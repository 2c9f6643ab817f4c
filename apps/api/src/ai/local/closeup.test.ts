import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { composeCloseUp } from "./closeup.ts";

describe("close-up", () => {
  it("shows the studio backdrop, not the photo's own pixels, where the window reaches past the hat", async () => {
    // Left half: hat (opaque straw colour); right half: workshop, dark and cut away (alpha 0).
    const width = 200,
      height = 200;
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const hat = i % width < width / 2;
      rgba.set(hat ? [200, 170, 120, 255] : [20, 20, 20, 0], 4 * i);
    }
    const jpeg = await composeCloseUp(
      { rgba, width, height },
      { left: 0, top: 0, width, height },
      {
        backdrop: "paper",
        width: 400,
        height: 400,
        watermark: null,
      },
    );
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray(3 * (y * 400 + x), 3 * (y * 400 + x) + 3)];
    // The paper backdrop (#f4ede1) on the right, untouched by the hat's exposure correction.
    const paper = [0xf4, 0xed, 0xe1];
    expect(Math.max(...at(350, 200).map((got, i) => Math.abs(got - paper[i]!)))).toBeLessThanOrEqual(3);
    // The hat on the left, brighter (corrected) but still straw.
    const [r, g, b] = at(50, 200);
    expect(r).toBeGreaterThan(g!);
    expect(g).toBeGreaterThan(b!);
  });
});
