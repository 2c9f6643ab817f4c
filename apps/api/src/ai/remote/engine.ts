import { MAX_UPLOAD_PIXELS } from "@workshop/domain/uploads.ts";
import sharp from "sharp";
import type { Engine, EngineImage, EngineInput, EngineResult, View } from "#server/ai/engine.ts";
import { remoteViews, viewPhrase } from "#server/ai/prompt.ts";
import { decoding } from "#server/media/decode-queue.ts";
import { downloadImage, MAX_DOWNLOAD_BYTES } from "./download.ts";

/**
 * The remote engine: BytePlus ModelArk's image generation API (Seedream 4.x),
 * `POST {base}/api/v3/images/generations` with a Bearer key. The reference photos go as data URLs
 * (the shop need not be reachable from the internet), the images come back as `b64_json` and are
 * handed to the job, which stores them like uploads: nothing is ever hot-linked.
 *
 * Sequential mode asks for the five views in one call (`sequential_image_generation: "auto"`,
 * `max_images: 5`), a coherent series; otherwise one call per view. Seedream allows at most
 * 15 images in and out together, so 10 references and 5 views fit.
 */
export type RemoteEngineOptions = {
  /** The API's base address, e.g. https://ark.ap-southeast.bytepluses.com (no path). */
  url: string;
  apiKey: string;
  model: string;
  /** How long one call may take; Seedream answers a series of five in about 80–90 s. */
  timeoutMs?: number;
};

/** What the API answers (its documented fields; others are ignored). */
type GenerationsResponse = {
  model?: string;
  created?: number;
  data?: { url?: string; b64_json?: string; size?: string; error?: { code?: string; message?: string } }[];
  usage?: { generated_images?: number; output_tokens?: number; total_tokens?: number };
  error?: { code?: string; message?: string; type?: string };
};

/** A failure a person can act on: the job's error text. */
class RemoteEngineError extends Error {}

const DEFAULT_TIMEOUT_MS = 180_000;
// References are sent at most this large: enough for the model, far below its 10 MB per image.
const REFERENCE_SIDE = 2048;

export function createRemoteEngine(options: RemoteEngineOptions): Engine {
  const endpoint = `${options.url.replace(/\/+$/, "")}/api/v3/images/generations`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(body: object, signal: AbortSignal): Promise<GenerationsResponse> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.any([signal, timeout]),
        redirect: "error",
      });
    } catch (error) {
      if (timeout.aborted) throw new RemoteEngineError(`The image service did not answer within ${Math.round(timeoutMs / 1000)} s.`);
      if (signal.aborted) throw new RemoteEngineError("The job was stopped before the image service answered.");
      throw new RemoteEngineError(`The image service could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
    const text = await response.text().catch(() => "");
    let json: GenerationsResponse | null = null;
    try {
      json = JSON.parse(text) as GenerationsResponse;
    } catch {
      json = null;
    }
    if (response.status === 401 || response.status === 403) {
      throw new RemoteEngineError(
        `The image service refused the API key (${response.status}${json?.error?.code ? ` ${json.error.code}` : ""}): check AI_IMAGE_API_KEY.`,
      );
    }
    if (!response.ok || json?.error) {
      const reason = json?.error?.message
        ? `${json.error.message}${json.error.code ? ` (${json.error.code})` : ""}`
        : `HTTP ${response.status}`;
      throw new RemoteEngineError(`The image service refused the request: ${reason}`);
    }
    if (!json || !Array.isArray(json.data)) throw new RemoteEngineError("The image service answered without images.");
    return json;
  }

  async function imagesOf(json: GenerationsResponse, signal: AbortSignal): Promise<{ bytes: Buffer; refusal: string | null }[]> {
    return Promise.all(
      (json.data ?? []).map(async (item) => {
        if (item.error) return { bytes: Buffer.alloc(0), refusal: item.error.message ?? item.error.code ?? "refused" };
        if (item.b64_json) return { bytes: Buffer.from(item.b64_json, "base64"), refusal: null };
        if (item.url) return { bytes: await downloadImage(item.url, signal, timeoutMs), refusal: null };
        return { bytes: Buffer.alloc(0), refusal: "no image in the answer" };
      }),
    );
  }

  return {
    name: "remote",
    offers: { views: [...remoteViews], sequentialMode: true, styleHint: true },
    async run(input: EngineInput): Promise<EngineResult> {
      const references = await Promise.all(input.photos.map((p) => dataUrlOf(p.bytes)));
      const common = {
        model: options.model,
        image: references.length === 1 ? references[0] : references,
        size: `${input.width}x${input.height}`,
        response_format: "b64_json",
        watermark: input.watermark !== null,
      };
      const total = remoteViews.length;
      const made: { bytes: Buffer; view: View }[] = [];
      const refusals: string[] = [];
      let tokens = 0;
      await input.onProgress(0, total);
      if (input.sequentialMode) {
        const json = await call(
          {
            ...common,
            prompt: input.prompt,
            sequential_image_generation: "auto",
            sequential_image_generation_options: { max_images: total },
          },
          input.signal,
        );
        tokens += json.usage?.total_tokens ?? 0;
        const images = await imagesOf(json, input.signal);
        images.slice(0, total).forEach((image, i) => {
          if (image.refusal) refusals.push(image.refusal);
          else made.push({ bytes: image.bytes, view: remoteViews[i]! });
        });
        await input.onProgress(total, total);
      } else {
        for (const [i, view] of remoteViews.entries()) {
          const json = await call(
            { ...common, prompt: `${input.prompt} This image: ${viewPhrase(view)}.`, sequential_image_generation: "disabled" },
            input.signal,
          );
          tokens += json.usage?.total_tokens ?? 0;
          const [image] = await imagesOf(json, input.signal);
          if (!image || image.refusal) refusals.push(image?.refusal ?? "no image in the answer");
          else made.push({ bytes: image.bytes, view });
          await input.onProgress(i + 1, total);
        }
      }
      const images: EngineImage[] = [];
      for (const { bytes, view } of made) {
        const type = await imageTypeOf(bytes);
        if (type) images.push({ bytes, contentType: type, view, sourceIndex: null });
        else refusals.push("an answer that was not an image");
      }
      const summary =
        `${options.model} (remote) made ${images.length} of ${total} views from ${input.photos.length} reference photo` +
        `${input.photos.length === 1 ? "" : "s"}${input.sequentialMode ? " in one series" : ", one call per view"}` +
        `${tokens ? `, ${tokens} tokens` : ""}${refusals.length ? `; refused: ${refusals.join("; ")}` : ""}.`;
      return { images, summary };
    },
    close: () => Promise.resolve(),
  };
}

/** A reference photo as Seedream takes it inline: a JPEG data URL, at most REFERENCE_SIDE on its long side. */
async function dataUrlOf(bytes: Buffer): Promise<string> {
  const pipeline = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS })
    .rotate()
    .resize({ width: REFERENCE_SIDE, height: REFERENCE_SIDE, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 88 });
  const jpeg = await decoding("shop", () => pipeline.toBuffer());
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

async function imageTypeOf(bytes: Buffer): Promise<EngineImage["contentType"] | null> {
  if (bytes.length === 0 || bytes.length > MAX_DOWNLOAD_BYTES) return null;
  const meta = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS })
    .metadata()
    .catch(() => null);
  if (meta?.format === "jpeg") return "image/jpeg";
  if (meta?.format === "png") return "image/png";
  if (meta?.format === "webp") return "image/webp";
  return null;
}
