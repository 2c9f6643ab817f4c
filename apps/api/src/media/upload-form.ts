import { Readable } from "node:stream";
import { productUploadLimits, type UploadLimits, uploadMessages } from "@workshop/domain/uploads.ts";
import busboy from "busboy";
import type { FastifyRequest } from "fastify";
import { AppError } from "#server/errors.ts";
import { headerOf } from "#server/http/caller.ts";

/** One file of an upload, as the browser sent it: its name (untrusted) and its bytes. */
export type IncomingFile = { name: string; body: Buffer };

/** The form's field that carries the photos. */
const FIELD = "files";
/** The multipart framing around the files (boundaries, part headers) is far below this. */
const FRAMING_ALLOWANCE = 256 * 1024;

/**
 * Reads a multipart upload as it streams in (busboy), keeping at most `limits.maxFiles` files of at
 * most `limits.maxBytes` each (product photos unless told). A body declared larger than that is refused before a byte is read;
 * a file that grows past the limit, a sixth file, another field or a broken form stops the reading
 * there: the rest of the body is left to the refusal (@workshop/http/unread-body.ts).
 */
export async function readUploadForm(
  request: Pick<FastifyRequest, "headers" | "raw">,
  limits: UploadLimits = productUploadLimits,
): Promise<IncomingFile[]> {
  const { maxFiles, maxBytes } = limits;
  const maxBody = maxFiles * maxBytes + FRAMING_ALLOWANCE;
  const type = headerOf(request, "content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError("invalid", `Send the images as multipart/form-data in the field "${FIELD}".`);
  }
  const declared = Number(headerOf(request, "content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBody) throw new AppError("too_large", limits.tooLarge);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      defParamCharset: "utf8",
      // One byte over the limit is what tells a file at the limit from a larger one.
      limits: {
        fileSize: maxBytes + 1,
        files: maxFiles,
        fields: 10,
        fieldSize: 1024,
        parts: maxFiles + 10,
        headerPairs: 20,
      },
    });
  } catch {
    throw new AppError("invalid", "The form could not be read.");
  }

  const files: Promise<IncomingFile | null>[] = [];
  let failure: AppError | null = null;
  const fail = (error: AppError) => {
    failure ??= error;
  };
  parser.on("file", (field, stream, info) => {
    if (field !== FIELD) fail(new AppError("invalid", `Send the images in the field "${FIELD}".`));
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("limit", () => fail(new AppError("too_large", limits.tooLarge)));
    files.push(
      new Promise((resolve) => {
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (!failure) chunks.push(chunk);
        });
        stream.on("end", () => resolve(failure ? null : { name: info.filename ?? "", body: Buffer.concat(chunks, size) }));
        stream.on("error", () => resolve(null));
      }),
    );
  });
  // A part of the field without a file name: a browser's file input with no file chosen, or a client's mistake.
  parser.on("field", (field) => {
    if (field === FIELD) fail(new AppError("invalid", `Send each image as a file (with its name) in the field "${FIELD}".`));
  });
  parser.on("filesLimit", () => fail(new AppError("invalid", limits.tooMany)));
  parser.on("fieldsLimit", () => fail(new AppError("invalid", "The form has too many fields.")));
  parser.on("partsLimit", () => fail(new AppError("invalid", "The form has too many parts.")));
  const finished = new Promise<void>((resolve) => {
    parser.on("error", () => {
      fail(new AppError("invalid", "The form could not be read."));
      resolve();
    });
    parser.on("close", () => resolve());
  });

  // The body as it streams in, read as a web stream: the reading can stop without ending the connection.
  const reader = (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>).getReader();
  try {
    while (!failure) {
      const { done, value } = await reader.read();
      if (done) {
        parser.end();
        break;
      }
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), finished]);
    }
  } catch {
    fail(new AppError("invalid", "The upload was interrupted."));
  } finally {
    // Not cancel(): that would destroy the connection before the answer is sent.
    reader.releaseLock();
  }
  if (!failure) await finished;
  if (failure) throw failure;
  // Parsing is over: every file has had its last byte, and ends as soon as it is read.
  const received = await Promise.all(files);
  if (failure) throw failure;
  const complete = received.filter((file): file is IncomingFile => file !== null);
  if (complete.length === 0) throw new AppError("invalid", uploadMessages.none);
  return complete;
}
