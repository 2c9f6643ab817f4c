import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { CLOSE_UP_MIN_SIDE, closeUpShare, composeCloseUp } from "./closeup.ts";
import type { Cutout } from "./studio.ts";

const options = { backdrop: "paper" as const, watermark: null };

/** The cut-out the engine works on: the photo brought inside 2048 px, with the hat's mask as alpha. */
async function cutoutOf(photo: Buffer, isHat: (x: number, y: number) => boolean): Promise<Cutout> {
  const { data, info } = await sharp(photo)
    .resize(2048, 2048, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgba = Buffer.alloc(info.width * info.height * 4);
  for (let i = 0; i < info.width * info.height; i++) {
    rgba.set([data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!, isHat(i % info.width, Math.floor(i / info.width)) ? 255 : 0], 4 * i);
  }
  return { rgba, width: info.width, height: info.height };
}

/** Mean difference between horizontal neighbours of a picture's grey: the fine detail it holds. */
async function detail(image: Buffer | Sharp): Promise<number> {
  const { data, info } = await (Buffer.isBuffer(image) ? sharp(image) : image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x + 1 < info.width; x++) sum += Math.abs(data[y * info.width + x]! - data[y * info.width + x + 1]!);
  }
  return sum / (info.height * (info.width - 1));
}

describe("close-up", () => {
  it("is cut from the photo at its full resolution: the window's own pixels, never enlarged, as sharp as the photo there", async () => {
    // A 3000 x 2400 photo of straw with a fine weave (a grain of one pixel) that the engine's
    // 2048 px cut-out has already lost to its resizing.
    const width = 3000,
      height = 2400;
    const raw = Buffer.alloc(width * height * 3);
    let seed = 7;
    for (let i = 0; i < width * height; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const grain = (seed % 81) - 40;
      raw.set([200 + grain / 2, 170 + grain / 2, 120 + grain / 2].map(Math.round), 3 * i);
    }
    const photo = await sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const cutout = await cutoutOf(photo, () => true);
    expect(cutout.width).toBe(2048);
    const scale = width / cutout.width;
    // A window of 400 x 400 cut-out pixels is 586 x 586 of the photo's: less than the 1080 asked for.
    const window = { left: 300, top: 300, width: 400, height: 400 };
    const made = await composeCloseUp(photo, cutout, window, { ...options, width: 1080, height: 1080 });
    const crop = { width: Math.round(window.width * scale), height: Math.round(window.height * scale) };
    expect(made && [made.width, made.height]).toEqual([crop.width, crop.height]);
    const meta = await sharp(made!.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([crop.width, crop.height]);
    expect(meta.width).toBeLessThan(1080);

    // As much fine detail as the photo has in that place; an enlargement of the cut-out (what the
    // close-up was before) has almost none.
    const inPhoto = await detail(
      sharp(photo).extract({ left: Math.round(window.left * scale), top: Math.round(window.top * scale), ...crop }),
    );
    const enlarged = await detail(
      sharp(cutout.rgba, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
        .extract(window)
        .removeAlpha()
        .resize(1080, 1080, { kernel: "lanczos3" }),
    );
    const closeUp = await detail(made!.jpeg);
    expect(closeUp).toBeGreaterThan(0.8 * inPhoto);
    expect(closeUp).toBeGreaterThan(3 * enlarged);
  });

  it("is shrunk to the size asked for when the window holds more pixels than that", async () => {
    const photo = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#c8aa78" } })
      .png()
      .toBuffer();
    const cutout = await cutoutOf(photo, () => true);
    const made = await composeCloseUp(
      photo,
      cutout,
      { left: 0, top: 0, width: 1024, height: 1280 },
      { ...options, width: 864, height: 1080 },
    );
    expect(made && [made.width, made.height]).toEqual([864, 1080]);
  });

  it("is left out when the window holds fewer than 512 of the photo's pixels on its short side", async () => {
    const photo = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#c8aa78" } })
      .png()
      .toBuffer();
    const cutout = await cutoutOf(photo, () => true);
    expect(
      await composeCloseUp(photo, cutout, { left: 0, top: 0, width: 500, height: 500 }, { ...options, width: 1080, height: 1080 }),
    ).toBe(null);
    expect(
      await composeCloseUp(photo, cutout, { left: 0, top: 0, width: 600, height: 600 }, { ...options, width: 1080, height: 1080 }),
    ).not.toBe(null);
  });

  it("takes 40 % of a large hat, more of a smaller one so the window holds 512 px, within the hat's height and 75 % of its width", () => {
    expect(CLOSE_UP_MIN_SIDE).toBe(512);
    expect(closeUpShare({ width: 3000, height: 1600 }, 1)).toBe(0.4);
    // 512 px and 3 % for the rounding of the window, found on a copy of the hat 512 px wide.
    expect(closeUpShare({ width: 1000, height: 600 }, 1)).toBeCloseTo(0.527, 3);
    expect(closeUpShare({ width: 720, height: 600 }, 1)).toBeCloseTo(0.732, 3);
    // Too narrow (512 px would be over 75 % of it), or too low for a 4:5 window of 512 x 640.
    expect(closeUpShare({ width: 700, height: 600 }, 1)).toBe(null);
    expect(closeUpShare({ width: 2000, height: 600 }, 0.8)).toBe(null);
    expect(closeUpShare({ width: 2000, height: 700 }, 0.8)).toBeCloseTo(0.28);
  });

  it("shows the studio backdrop, not the photo's own pixels, where the window reaches past the hat", async () => {
    // Left half: hat (straw colour); right half: workshop, dark and cut away (alpha 0).
    const photo = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#141414" } })
      .composite([{ input: { create: { width: 600, height: 1200, channels: 3, background: "#c8aa78" } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const cutout = await cutoutOf(photo, (x) => x < 600);
    const made = await composeCloseUp(
      photo,
      cutout,
      { left: 0, top: 0, width: 1200, height: 1200 },
      { ...options, width: 800, height: 800 },
    );
    const { data } = await sharp(made!.jpeg).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray(3 * (y * 800 + x), 3 * (y * 800 + x) + 3)];
    // The paper backdrop (#f4ede1) on the right, untouched by the hat's exposure correction.
    const paper = [0xf4, 0xed, 0xe1];
    expect(Math.max(...at(700, 400).map((got, i) => Math.abs(got - paper[i]!)))).toBeLessThanOrEqual(3);
    // The hat on the left, brighter (corrected) but still straw.
    const [r, g, b] = at(100, 400);
    expect(r).toBeGreaterThan(g!);
    expect(g).toBeGreaterThan(b!);
  });
});
