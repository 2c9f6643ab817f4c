import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { freePort, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "#e2e/support/storefront-build.ts";

/**
 * The storefront's answer when the API underneath it breaks: the designed page, and nothing of the
 * error itself (no message, no stack trace). The API here is a stand-in that fails every call with
 * its internals in the body.
 */
const secret = "connection refused by db-primary-7 at 10.0.0.7";
let brokenApi: Server;
let storefront: RunningProcess;
let baseURL: string;

beforeAll(async () => {
  brokenApi = createServer((_request, response) => {
    response.writeHead(500, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: secret, stack: `Error: ${secret}\n    at query (/srv/db.ts:12:7)` }));
  });
  await new Promise<void>((resolve) => brokenApi.listen(0, "127.0.0.1", resolve));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  storefront = await startNodeProcess(`${repositoryRoot}/apps/storefront/server/main.ts`, {
    name: "Storefront",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      API_URL: `http://127.0.0.1:${(brokenApi.address() as AddressInfo).port}`,
      LOG_LEVEL: "silent",
    },
    ready: "Shop running at",
  });
});
afterAll(async () => {
  await storefront.stop();
  brokenApi.close();
});

describe("an API that fails", () => {
  it.each(["/", "/products", "/products/1", "/ru/products", "/checkout/shipping"])(
    "%s shows the designed page with status 503 and no details",
    async (path) => {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const html = await response.text();
      expect(html).toContain(path.startsWith("/ru") ? "Магазин ненадолго недоступен" : "The shop is briefly unavailable");
      expect(html).not.toContain(secret);
      expect(html).not.toContain("db-primary");
      expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
    },
  );
});
