/**
 * A local stand-in for BytePlus ModelArk's image generation API (Seedream 4.x):
 * `POST /api/v3/images/generations` with a Bearer key, answering as the documented API does
 * (`{model, created, data: [{b64_json | url, size}], usage}`, errors `{error: {code, message, param, type}}`).
 * Tests start it on loopback; `behave()` (or `POST /_control/behaviour`) makes it slow, fail, hang
 * or refuse the key. See README.md beside this file.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { renderStudioImage } from "./render.ts";

type Behaviour =
  /** Answers at once with the images asked for. */
  | { kind: "ok" }
  /** Answers after `ms`. */
  | { kind: "slow"; ms: number }
  /** Answers with an error body (a moderation refusal unless said otherwise). */
  | { kind: "error"; status: number; code: string; message: string }
  /** Never answers (until the client gives up or the simulator closes). */
  | { kind: "hang" };

type SeedreamRequest = {
  model: string;
  prompt: string;
  images: number;
  size: string;
  sequential: boolean;
  maxImages: number | null;
  watermark: boolean;
  responseFormat: string;
};

export type SeedreamSimulator = {
  url: string;
  /** Every generation request received, in order (the key and images left out). */
  requests: SeedreamRequest[];
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
};

const MAX_REFERENCES = 14;
const MAX_IN_AND_OUT = 15;

type ApiError = { status: number; code: string; message: string; param?: string };

const errorTypes: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  429: "TooManyRequests",
  500: "InternalServerError",
};

function errorBody(e: ApiError, requestId: string) {
  return {
    error: {
      code: e.code,
      message: `${e.message} Request ID: ${requestId}`,
      param: e.param ?? "",
      type: errorTypes[e.status] ?? "BadRequest",
    },
  };
}

const invalid = (param: string, message: string): ApiError => ({ status: 400, code: "InvalidParameter", message, param });

/** Output size: `WxH` of 1280×720 to 4096×4096 pixels in all, ratio within 1:16 to 16:1, or `1K`/`2K`/`4K` (square). */
function sizeOf(size: unknown): { width: number; height: number } | null {
  if (size === undefined) return { width: 2048, height: 2048 };
  if (size === "1K" || size === "2K" || size === "4K") {
    const side = Number(size[0]) * 1024;
    return { width: side, height: side };
  }
  const m = typeof size === "string" ? /^(\d{2,4})x(\d{2,4})$/.exec(size) : null;
  if (!m) return null;
  const [width, height] = [Number(m[1]), Number(m[2])];
  if (width * height < 1280 * 720 || width * height > 4096 * 4096 || width / height > 16 || height / width > 16) return null;
  return { width, height };
}

function referenceBytes(image: string): Buffer | null {
  const m = /^data:image\/(?:jpeg|png|webp|bmp|tiff|gif);base64,([A-Za-z0-9+/=]+)$/.exec(image);
  return m ? Buffer.from(m[1]!, "base64") : null;
}

/** Checks a request as the API does; the parsed request, or the error it answers. */
function validate(
  body: Record<string, unknown>,
): { request: SeedreamRequest; references: string[]; size: { width: number; height: number } } | ApiError {
  if (typeof body.model !== "string" || !body.model)
    return {
      status: 400,
      code: "MissingParameter",
      message: "The request failed because it is missing one or multiple required parameters.",
      param: "model",
    };
  if (typeof body.prompt !== "string" || !body.prompt.trim())
    return {
      status: 400,
      code: "MissingParameter",
      message: "The request failed because it is missing one or multiple required parameters.",
      param: "prompt",
    };
  const images = body.image === undefined ? [] : Array.isArray(body.image) ? body.image : [body.image];
  if (!images.every((i): i is string => typeof i === "string" && (i.startsWith("data:image/") || /^https?:\/\//.test(i)))) {
    return invalid("image", "The parameter `image` specified in the request is not valid: each must be an image URL or a data URL.");
  }
  if (images.length > MAX_REFERENCES)
    return invalid("image", `The parameter \`image\` specified in the request is not valid: at most ${MAX_REFERENCES} images.`);
  for (const image of images)
    if (image.startsWith("data:") && !referenceBytes(image))
      return invalid(
        "image",
        "The parameter `image` specified in the request is not valid: a data URL must be data:image/<format>;base64,<data>.",
      );
  const size = sizeOf(body.size);
  if (!size) return invalid("size", "The parameter `size` specified in the request is not valid.");
  const mode = body.sequential_image_generation ?? "disabled";
  if (mode !== "auto" && mode !== "disabled")
    return invalid("sequential_image_generation", "The parameter `sequential_image_generation` specified in the request is not valid.");
  const options = body.sequential_image_generation_options as { max_images?: unknown } | undefined;
  const maxImages = options?.max_images === undefined ? 15 : options.max_images;
  if (typeof maxImages !== "number" || !Number.isInteger(maxImages) || maxImages < 1 || maxImages > 15)
    return invalid("sequential_image_generation_options.max_images", "The parameter `max_images` specified in the request is not valid.");
  const format = body.response_format ?? "url";
  if (format !== "url" && format !== "b64_json")
    return invalid("response_format", "The parameter `response_format` specified in the request is not valid.");
  if (body.watermark !== undefined && typeof body.watermark !== "boolean")
    return invalid("watermark", "The parameter `watermark` specified in the request is not valid.");
  const sequential = mode === "auto";
  if (sequential && images.length + maxImages > MAX_IN_AND_OUT)
    return invalid(
      "sequential_image_generation_options.max_images",
      "The reference images and the images to generate may not be more than 15 together.",
    );
  return {
    request: {
      model: body.model,
      prompt: body.prompt,
      images: images.length,
      size: `${size.width}x${size.height}`,
      sequential,
      maxImages: sequential ? maxImages : null,
      watermark: body.watermark !== false,
      responseFormat: format,
    },
    references: images,
    size,
  };
}

/** How many images a series makes: as many as the prompt asks for ("Make 5 images", "a set of 4 consecutive illustrations"), within max_images. */
function seriesLength(prompt: string, maxImages: number): number {
  const m = /\b(\d{1,2})\s+(?:[a-z-]+\s+){0,2}(?:images|illustrations|pictures|photos|views)\b/i.exec(prompt);
  return Math.max(1, Math.min(m ? Number(m[1]) : 1, maxImages));
}

export async function startSeedreamSimulator(options: { apiKey: string; host?: string; port?: number }): Promise<SeedreamSimulator> {
  // forceCloseConnections: close() must not wait for a hanging generation or a kept-alive client.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const requests: SeedreamRequest[] = [];
  const files = new Map<string, Buffer>();
  let behaviour: Behaviour = { kind: "ok" };
  const hanging = new Set<() => void>();
  let url = "";

  // Bodies as under Express: empty JSON is {}, a body of another type is left unread (the API then
  // answers MissingParameter); unparsable JSON is a 400.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, body === "" ? {} : JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }));
    }
  });
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  app.post("/_control/behaviour", (request) => {
    behaviour = request.body as Behaviour;
    return { ok: true };
  });
  app.get<{ Params: { name: string } }>("/files/:name", (request, reply) => {
    const file = files.get(request.params.name);
    if (!file) return void reply.code(404).send();
    reply.type("image/jpeg").send(file);
  });
  // 120 MB: up to 14 reference photos come inline as data URLs.
  app.post("/api/v3/images/generations", { bodyLimit: 120 * 1024 * 1024 }, async (request, reply) => {
    const requestId = randomUUID().replace(/-/g, "");
    const fail = (e: ApiError) => reply.code(e.status).send(errorBody(e, requestId));
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return fail({ status: 401, code: "AuthenticationError", message: "The API key or AK/SK in the request is missing or invalid." });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const checked = validate(body);
    if ("status" in checked) return fail(checked);
    requests.push(checked.request);
    const now = behaviour;
    if (now.kind === "hang") {
      await new Promise<void>((resolve) => {
        hanging.add(resolve);
        reply.raw.on("close", () => {
          hanging.delete(resolve);
          resolve();
        });
      });
      // Nothing is sent: the client gives up, or close() drops the connection.
      return reply;
    }
    if (now.kind === "error") return fail({ status: now.status, code: now.code, message: now.message });
    if (now.kind === "slow") await new Promise((r) => setTimeout(r, now.ms));
    const { request: asked, references, size } = checked;
    const count = asked.sequential ? seriesLength(asked.prompt, asked.maxImages ?? 15) : 1;
    const reference = references.map(referenceBytes).find((b) => b !== null) ?? null;
    const data = [];
    for (let i = 0; i < count; i++) {
      const image = await renderStudioImage(reference, i, size.width, size.height);
      if (asked.responseFormat === "b64_json") {
        data.push({ b64_json: image.toString("base64"), size: asked.size });
      } else {
        const name = `${requestId}_${i}.jpeg`;
        files.set(name, image);
        data.push({ url: `${url}/files/${name}`, size: asked.size });
      }
    }
    return {
      model: asked.model,
      created: Math.floor(Date.now() / 1000),
      data,
      usage: { generated_images: count, output_tokens: count * 16384, total_tokens: count * 16384 },
    };
  });

  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host });
  url = `http://${host}:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    behave(next) {
      behaviour = next;
    },
    async close() {
      for (const resolve of hanging) resolve();
      await app.close();
    },
  };
}
