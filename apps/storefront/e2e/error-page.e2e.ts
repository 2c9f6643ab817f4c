import path from "node:path";
import { useDatabase } from "@workshop/api/db/client.ts";
import { failingDatabase } from "@workshop/api/test-support/failing-database.ts";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The production build's answer when something breaks underneath a page: the designed error page
 * with status 500, and nothing of the error itself (no message, no stack trace).
 * The database is replaced by one that fails on every call.
 */
const secret = "connection refused by db-primary-7 at 10.0.0.7";
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  useDatabase(failingDatabase(secret));
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  handle = createRequestHandler(build, "production");
});
afterAll(() => vi.restoreAllMocks());

describe("an unexpected error in production", () => {
  it("shows the designed error page with status 500 and no details on a product page", async () => {
    const response = await handle(new Request("http://localhost/products/1"));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Try Again");
    expect(html).not.toContain(secret);
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
  });

  it("shows 'Failed to load products' with Try Again on the home page and the list", async () => {
    for (const url of ["http://localhost/", "http://localhost/products"]) {
      const response = await handle(new Request(url));
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Failed to load products. Please try again later.");
      expect(html).not.toContain(secret);
    }
  });
});
