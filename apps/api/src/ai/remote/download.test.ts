import { afterEach, describe, expect, it, vi } from "vitest";
import { DownloadError, downloadImage, MAX_DOWNLOAD_BYTES } from "./download.ts";

const signal = new AbortController().signal;
const stream = (chunks: number, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < chunks; i++) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });

afterEach(() => vi.unstubAllGlobals());

describe("downloading an image the service linked to", () => {
  it("takes the image of an https link, asking fetch to refuse redirects", async () => {
    const fetch = vi.fn(async () => new Response(stream(2, 1000)));
    vi.stubGlobal("fetch", fetch);
    expect((await downloadImage("https://cdn.example.com/a.jpg", signal, 5000)).length).toBe(2000);
    expect(fetch).toHaveBeenCalledWith("https://cdn.example.com/a.jpg", expect.objectContaining({ redirect: "error" }));
  });

  it("refuses a link that is not https without fetching it", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    for (const url of ["http://cdn.example.com/a.jpg", "file:///etc/passwd", "//cdn.example.com/a.jpg"])
      await expect(downloadImage(url, signal, 5000)).rejects.toThrow("The image service answered with a link that is not https.");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses an answer that says it is too large, and one that grows too large, reading no further", async () => {
    vi.stubGlobal("fetch", async () => new Response(stream(1, 10), { headers: { "content-length": String(MAX_DOWNLOAD_BYTES + 1) } }));
    await expect(downloadImage("https://cdn.example.com/a.jpg", signal, 5000)).rejects.toThrow("An image the service made was too large.");

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    vi.stubGlobal("fetch", async () => new Response(endless));
    await expect(downloadImage("https://cdn.example.com/a.jpg", signal, 5000)).rejects.toBeInstanceOf(DownloadError);
    expect(pulled).toBeLessThanOrEqual(MAX_DOWNLOAD_BYTES / (1024 * 1024) + 3);
  });

  it("says the image could not be downloaded for an error status, a redirect refused or a lost connection", async () => {
    vi.stubGlobal("fetch", async () => new Response("gone", { status: 404 }));
    await expect(downloadImage("https://cdn.example.com/a.jpg", signal, 5000)).rejects.toThrow(
      "An image the service made could not be downloaded.",
    );
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed: redirect mode is set to error");
    });
    await expect(downloadImage("https://cdn.example.com/a.jpg", signal, 5000)).rejects.toThrow(
      "An image the service made could not be downloaded.",
    );
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new Error("socket hang up"));
      },
    });
    vi.stubGlobal("fetch", async () => new Response(broken));
    await expect(downloadImage("https://cdn.example.com/a.jpg", signal, 5000)).rejects.toThrow(
      "An image the service made could not be downloaded.",
    );
  });
});
