import { MAX_UPLOAD_BYTES } from "@workshop/domain/uploads.ts";

/** The largest image the service may send back (twice an upload: a studio photo may be larger than its source). */
export const MAX_DOWNLOAD_BYTES = MAX_UPLOAD_BYTES * 2;

/** Why an image the service linked to was not taken; its message ends up as the job's error. */
export class DownloadError extends Error {}

/**
 * An image the API answered with a link to (when it ignores b64_json): fetched once, https only,
 * no redirect (which could lead to plain http or an inner address), and read no further than the
 * size cap however long the answer is.
 */
export async function downloadImage(url: string, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
  if (!url.startsWith("https://")) throw new DownloadError("The image service answered with a link that is not https.");
  const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]), redirect: "error" }).catch(
    () => null,
  );
  if (!response?.ok || !response.body) throw new DownloadError("An image the service made could not be downloaded.");
  const tooLarge = () => new DownloadError("An image the service made was too large.");
  if (Number(response.headers.get("content-length") ?? 0) > MAX_DOWNLOAD_BYTES) {
    await response.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > MAX_DOWNLOAD_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw new DownloadError("An image the service made could not be downloaded.");
  }
  return Buffer.concat(chunks);
}
