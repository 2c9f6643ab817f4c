import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { apiReleaseAt, otherApiMessage } from "./api-release.ts";

let server: Server | undefined;
afterEach(() => server?.close());

/** A stand-in API whose /healthz answers `status` and `body`; its origin. */
async function apiAnswering(status: number, body: unknown): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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

  it("says what to do about another major", () => {
    expect(otherApiMessage("console", "https://api.shop.example", "1.2.0", 0)).toBe(
      "The API at https://api.shop.example is release 1.2.0; this console is written for its 0.x releases and will not use it. " +
        "Deploy the console built for API 1, or set API_URL to an API 0.x.",
    );
  });
});
