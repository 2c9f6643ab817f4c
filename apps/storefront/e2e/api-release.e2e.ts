import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startStorefront } from "#e2e/support/start-shop.ts";

/**
 * The storefront is written for one major release of the API (app/api/spoken-api.ts). An API of
 * another major is refused: the storefront does not start against one, and answers its 503 page
 * if one takes its API's place while it runs. The API here is a stand-in that says its release on
 * /healthz and answers the catalogue's version.
 */
let api: Server | undefined;
let release = "1.0.0";
const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  api?.close();
});

async function standInApi(): Promise<string> {
  api = createServer((request, response) => {
    const answers: Record<string, unknown> = {
      "/healthz": { status: "ok", app: "@workshop/api", version: release },
      "/api/shop/versions": { catalog: 1 },
      // The one call of the about page (the shop's settings, for its demo banner).
      "/api/shop/settings": { paymentsSandbox: true },
    };
    const answer = answers[request.url ?? ""];
    response.writeHead(answer ? 200 : 404, { "Content-Type": "application/json" });
    response.end(JSON.stringify(answer ?? { error: "Not found" }));
  });
  await new Promise<void>((resolve) => api!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
}

describe("an API of another major release", () => {
  it("stops the storefront's start with a message that says which and what to do", async () => {
    release = "1.0.0";
    const apiUrl = await standInApi();
    const failure = await startStorefront(apiUrl).then(
      async (started) => {
        stops.push(() => started.process.stop());
        return "";
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/Storefront exited with 1/);
    expect(failure).toContain(`The API at ${apiUrl} is release 1.0.0; this storefront is written for its 0.x releases`);
    expect(failure).toContain("set API_URL to an API 0.x");
  });

  it("put in its API's place while the storefront runs: the designed 503 page, and the reason in the log", async () => {
    release = "0.3.0";
    const apiUrl = await standInApi();
    const storefront = await startStorefront(apiUrl);
    stops.push(() => storefront.process.stop());
    expect((await fetch(`${storefront.baseURL}/about`)).status).toBe(200);
    // The API goes away and comes back as another major release.
    api!.close();
    api!.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    release = "1.0.0";
    await new Promise<void>((resolve) => api!.listen(Number(new URL(apiUrl).port), "127.0.0.1", resolve));
    let page = new Response();
    for (let tries = 0; tries < 30 && page.status !== 503; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = await fetch(`${storefront.baseURL}/about`);
    }
    expect([page.status, page.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(await page.text()).toContain("The shop is briefly unavailable");
    expect(storefront.process.log).toContain(`The API at ${apiUrl} is release 1.0.0; this storefront is written for its 0.x releases`);
  });
});
