import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { apiReleaseAt, otherApiMessage, waitForApiRelease } from "./api-release.ts";

let server: Server | undefined;
afterEach(() => server?.close());

/** A stand-in API whose /healthz answers `status` and `body` (on `port`, else any free one); its origin. */
async function apiAnswering(status: number, body: unknown, port = 0): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const healthy = { status: "ok", app: "@workshop/api", version: "0.4.2" };

/** A port nothing listens on now. */
async function closedPort(): Promise<number> {
  const port = Number(new URL(await apiAnswering(200, healthy)).port);
  await new Promise((resolve) => server!.close(resolve));
  return port;
}

describe("the API release a client meets", () => {
  it("is spoken when its major is the client's, other when not", async () => {
    const api = await apiAnswering(200, { status: "ok", app: "@workshop/api", version: "0.4.2" });
    expect(await apiReleaseAt(api, 0)).toEqual({ kind: "spoken" });
    expect(await apiReleaseAt(api, 1)).toEqual({ kind: "other", version: "0.4.2" });
  });

  it("is unknown when the API fails, answers as something else, or is not there: it may come up later", async () => {
    expect(await apiReleaseAt(await apiAnswering(500, { error: "x" }), 0)).toEqual({ kind: "unknown" });
    server?.close();
    expect(await apiReleaseAt(await apiAnswering(200, { status: "ok", app: "@workshop/storefront", version: "9.0.0" }), 0)).toEqual({
      kind: "unknown",
    });
    server?.close();
    expect(await apiReleaseAt("http://127.0.0.1:9", 0)).toEqual({ kind: "unknown" });
  });

  it("is waited for while it starts: asked again until it answers, with one call of onWait however many tries fail", async () => {
    const port = await closedPort();
    let waits = 0;
    const started = Date.now();
    setTimeout(() => void apiAnswering(200, healthy, port), 1_500);
    const release = await waitForApiRelease(`http://127.0.0.1:${port}`, 0, { waitMs: 20_000, onWait: () => waits++ });
    expect(release).toEqual({ kind: "spoken" });
    expect(waits).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("is waited for no longer than waitMs, and not at all when it answers at once", async () => {
    const port = await closedPort();
    let waits = 0;
    const started = Date.now();
    expect(await waitForApiRelease(`http://127.0.0.1:${port}`, 0, { waitMs: 1_500, onWait: () => waits++ })).toEqual({ kind: "unknown" });
    expect(waits).toBe(1);
    expect(Date.now() - started).toBeLessThan(4_000);

    const api = await apiAnswering(200, healthy);
    expect(await waitForApiRelease(api, 1, { onWait: () => waits++ })).toEqual({ kind: "other", version: "0.4.2" });
    expect(waits).toBe(1);
  });

  it("says what to do about another major", () => {
    expect(otherApiMessage("console", "https://api.shop.example", "1.2.0", 0)).toBe(
      "The API at https://api.shop.example is release 1.2.0; this console is written for its 0.x releases and will not use it. " +
        "Deploy the console built for API 1, or set API_URL to an API 0.x.",
    );
  });
});
