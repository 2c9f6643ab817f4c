import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScene, type Scene } from "#bench/ai-scenes.ts";
import type { EngineInput } from "#server/ai/engine.ts";
import { createLocalEngine, type LocalEngine } from "./engine.ts";
import { maskIou } from "./mask.ts";

/**
 * The real model on rendered hats; a few images only, so it stays quick. A look of the model costs
 * the same whatever the photo's size (it sees 1024 x 1024), and a photo with room around the hat
 * gets a second one (cutout.ts): so the photos are framed close around the hat, all but the one
 * that tests the second look.
 */
const MODEL_TIMEOUT = 600_000; // a shared 2-core machine can be slow; the figures are the bench's job

let engine: LocalEngine;
/** Framed close: the first large enough for a close-up at full resolution, the second not (closeup.ts). */
let scenes: Scene[];
/** A hat with a busy background all around it: the model looks again at the hat alone. */
let roomy: Scene;
beforeAll(async () => {
  engine = createLocalEngine();
  scenes = [await makeScene(0, 1, "wood", 1560, 1080, 11), await makeScene(10, 3, "fabric", 640, 560, 11)];
  roomy = await makeScene(0, 1, "wood", 2000, 1560, 1);
}, MODEL_TIMEOUT);
afterAll(() => engine?.close());

function input(photos: Scene[], overrides: Partial<EngineInput> = {}): EngineInput {
  return {
    photos: photos.map((s) => ({ bytes: s.photo })),
    prompt: "",
    productName: "Panama",
    productDescription: "",
    styleHint: "",
    backdrop: "white",
    width: 640,
    height: 800,
    sequentialMode: false,
    watermark: null,
    onProgress: () => {},
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe("local engine", () => {
  it(
    "makes a studio photo per reference photo and a close-up from the photo with pixels enough for one, reporting progress",
    async () => {
      const progress: string[] = [];
      const result = await engine.run(input(scenes, { onProgress: (done, total) => void progress.push(`${done}/${total}`) }));
      expect(result.images.map((i) => [i.view, i.contentType])).toEqual([
        ["studio", "image/jpeg"],
        ["studio", "image/jpeg"],
        ["details", "image/jpeg"],
      ]);
      expect(result.images.slice(0, 2).map((i) => i.sourceIndex)).toEqual([0, 1]);
      for (const image of result.images.slice(0, 2)) {
        const meta = await sharp(image.bytes).metadata();
        expect([meta.width, meta.height]).toEqual([640, 800]);
      }
      // The close-up: the 1560 px photo's own pixels, 4:5 as asked, never enlarged past the size asked for.
      expect(result.images[2]!.sourceIndex).toBe(0);
      const closeUp = await sharp(result.images[2]!.bytes).metadata();
      expect(closeUp.width).toBeGreaterThanOrEqual(512);
      expect(closeUp.width).toBeLessThanOrEqual(640);
      expect(closeUp.height).toBeLessThanOrEqual(800);
      expect(closeUp.width / closeUp.height).toBeCloseTo(0.8, 1);
      expect(progress).toEqual(["1/3", "2/3", "3/3"]);
      expect(result.summary).toMatch(
        /^Local engine: 2 studio photos and 1 close-up \(from photo 1, .*other angles need a generative model$/,
      );

      // A photo of 640 x 560 px has too few pixels for a sharp close-up: none, and the summary says why.
      const small = await engine.run(input(scenes.slice(1)));
      expect(small.images.map((i) => i.view)).toEqual(["studio"]);
      expect(small.summary).toBe(
        "Local engine: 1 studio photo; no close-up: the photos are too small for a sharp one; other angles need a generative model",
      );
    },
    MODEL_TIMEOUT,
  );

  it(
    "cuts the hat out of a busy background",
    async () => {
      const cut = await engine.cutOut(roomy.photo);
      expect([cut.width, cut.height]).toEqual([roomy.width, roomy.height]);
      expect(maskIou(cut.alpha, roomy.truth)).toBeGreaterThanOrEqual(0.85);
    },
    MODEL_TIMEOUT,
  );

  it(
    "stops between photos when the job is cancelled",
    async () => {
      const controller = new AbortController();
      const progress: number[] = [];
      const onProgress = (done: number) => {
        progress.push(done);
        controller.abort(new Error("cancelled by staff"));
      };
      await expect(engine.run(input(scenes, { signal: controller.signal, onProgress }))).rejects.toThrow("cancelled by staff");
      expect(progress).toEqual([1]);
      // A job cancelled before it starts does no work at all.
      await expect(engine.run(input(scenes, { signal: AbortSignal.abort(new Error("gone")) }))).rejects.toThrow("gone");
    },
    MODEL_TIMEOUT,
  );

  it(
    "refuses bytes that are not a photo, and keeps working",
    async () => {
      await expect(engine.run(input([{ ...scenes[0]!, photo: Buffer.from("not an image") }]))).rejects.toThrow(
        /unsupported image format|Input buffer/i,
      );
      expect((await engine.memory())?.peakRss).toBeGreaterThan(0);
    },
    MODEL_TIMEOUT,
  );

  it("refuses a size outside 64–2048 px before any work", async () => {
    await expect(engine.run(input(scenes, { width: 4096, height: 4096 }))).rejects.toThrow(/64–2048/);
  });

  it(
    "ends its process on close",
    async () => {
      await engine.close();
      expect(await engine.memory()).toBeNull();
    },
    MODEL_TIMEOUT,
  );

  it(
    "gives its memory back after it sat idle, and starts again for the next job",
    async () => {
      const resting = createLocalEngine({ idleMs: 500 });
      try {
        await resting.cutOut(scenes[1]!.photo);
        expect(resting.running()).toBe(true);
        // Each request starts the idle time again: still there half-way through it.
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect((await resting.memory())?.rss).toBeGreaterThan(100 * 1024 * 1024);
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect(resting.running()).toBe(true);
        const started = Date.now();
        while (resting.running() && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(resting.running()).toBe(false);
        expect(await resting.memory()).toBeNull();
        // The next job finds the engine as before.
        const again = await resting.run(input(scenes.slice(0, 1)));
        expect(again.images.map((i) => i.view)).toEqual(["studio", "details"]);
      } finally {
        await resting.close();
      }
    },
    MODEL_TIMEOUT,
  );
});
