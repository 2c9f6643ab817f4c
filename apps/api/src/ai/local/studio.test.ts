import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type Cutout, composeStudio, MARGIN } from "./studio.ts";

/** A red "hat" (a dome on a brim) at `left, top`, `w` wide, on a transparent `width` x `height` canvas. */
async function cutout(width: number, height: number, left: number, top: number, w: number): Promise<Cutout> {
  const h = w * 0.6;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="#e01010">` +
    `<ellipse cx="${left + w / 2}" cy="${top + h * 0.8}" rx="${w / 2}" ry="${h * 0.2}"/>` +
    `<ellipse cx="${left + w / 2}" cy="${top + h * 0.45}" rx="${w * 0.28}" ry="${h * 0.45}"/></g></svg>`;
  const rgba = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return { rgba, width, height };
}

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray(3 * (y * info.width + x), 3 * (y * info.width + x) + 3)];
  return { data, info, at };
}

/** Bounding box of the red hat in a studio photo. */
async function redBox(jpeg: Buffer) {
  const { data, info } = await pixels(jpeg);
  let x0 = info.width,
    y0 = info.height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const p = 3 * (y * info.width + x);
      if (data[p]! > 150 && data[p + 1]! < 90 && data[p + 2]! < 90) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  }
  return { left: x0, right: info.width - 1 - x1, top: y0, bottom: info.height - 1 - y1 };
}

const near = (actual: number[], expected: number[], tolerance: number) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance) || `${actual} is not ${expected}`;

describe("studio photo", () => {
  it("is the chosen size, square or 4:5", async () => {
    const hat = await cutout(1200, 900, 200, 150, 600);
    for (const [width, height] of [
      [1024, 1024],
      [800, 1000],
      [2048, 2048],
    ] as const) {
      const meta = await sharp(await composeStudio(hat, { backdrop: "white", width, height, watermark: null })).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([width, height, "jpeg"]);
    }
  });

  it("shows the chosen backdrop at the corners", async () => {
    const hat = await cutout(1200, 900, 200, 150, 600);
    const cases = [
      ["white", [255, 255, 255]],
      ["paper", [0xf4, 0xed, 0xe1]],
      ["grey", [0xe7, 0xe7, 0xe5]],
      ["#336699", [0x33, 0x66, 0x99]],
    ] as const;
    for (const [backdrop, colour] of cases) {
      const { at, info } = await pixels(await composeStudio(hat, { backdrop, width: 600, height: 750, watermark: null }));
      for (const [x, y] of [
        [2, 2],
        [info.width - 3, 2],
        [2, info.height - 3],
        [info.width - 3, info.height - 3],
      ] as const) {
        expect(near(at(x, y), [...colour], 3), `${backdrop} at ${x},${y}`).toBe(true);
      }
    }
  });

  it("draws a soft gradient: lighter in the middle than at the corners", async () => {
    const hat = await cutout(1200, 900, 500, 100, 200);
    const { at } = await pixels(await composeStudio(hat, { backdrop: "gradient", width: 600, height: 600, watermark: null }));
    expect(at(300, 120)[0]!).toBeGreaterThan(at(2, 2)[0]! + 10);
  });

  it("refuses a backdrop that is not one of the named ones or #rrggbb", async () => {
    const hat = await cutout(400, 300, 50, 50, 200);
    await expect(composeStudio(hat, { backdrop: "#red" as "white", width: 400, height: 400, watermark: null })).rejects.toThrow(/backdrop/);
  });

  it("centres the hat with the same margins whatever the framing of the photo", async () => {
    // The same hat small in a corner of a landscape photo, and large in the middle of an upright one.
    const corner = await cutout(1600, 1200, 40, 60, 400);
    const filling = await cutout(900, 1400, 50, 500, 800);
    const a = await redBox(await composeStudio(corner, { backdrop: "white", width: 1000, height: 1000, watermark: null }));
    const b = await redBox(await composeStudio(filling, { backdrop: "white", width: 1000, height: 1000, watermark: null }));
    expect(Math.abs(a.left - a.right)).toBeLessThanOrEqual(2);
    expect(Math.abs(a.top - a.bottom)).toBeLessThanOrEqual(2);
    expect(Math.min(a.left, a.top)).toBeGreaterThanOrEqual(MARGIN * 1000 - 2);
    expect(near([b.left, b.right, b.top, b.bottom], [a.left, a.right, a.top, a.bottom], 3)).toBe(true);
  });

  it("marks the photo with the watermark, in the lower right, when one is given", async () => {
    const hat = await cutout(1200, 900, 200, 150, 600);
    const plain = await pixels(await composeStudio(hat, { backdrop: "white", width: 800, height: 800, watermark: null }));
    const marked = await pixels(
      await composeStudio(hat, { backdrop: "white", width: 800, height: 800, watermark: "Bali Hat Workshop <&>" }),
    );
    let changed = 0,
      changedTopLeft = 0;
    for (let y = 0; y < 800; y++) {
      for (let x = 0; x < 800; x++) {
        const differs = Math.abs(plain.at(x, y)[0]! - marked.at(x, y)[0]!) > 12;
        if (differs && x > 400 && y > 600) changed++;
        if (differs && x < 400 && y < 400) changedTopLeft++;
      }
    }
    expect(changed).toBeGreaterThan(500);
    expect(changedTopLeft).toBe(0);
  });

  it("puts a soft shadow under the hat", async () => {
    const hat = await cutout(1200, 900, 300, 200, 600);
    const jpeg = await composeStudio(hat, { backdrop: "white", width: 800, height: 800, watermark: null });
    const box = await redBox(jpeg);
    const { at } = await pixels(jpeg);
    const under = at(400, 800 - box.bottom + 4);
    expect(under[0]!).toBeLessThan(235);
    expect(at(400, 790)[0]!).toBeGreaterThan(250);
  });
});
