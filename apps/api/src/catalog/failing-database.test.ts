import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { type DatabaseHandle, useDatabase } from "#server/db/client.ts";

/** A database that fails on every call, with a message that must never reach a client. */
const secret = "connection refused by db-primary-7 at 10.0.0.7";
const failing: DatabaseHandle = {
  kind: "postgres",
  close: async () => {},
  db: new Proxy(
    {},
    {
      get: () => {
        throw new Error(secret);
      },
    },
  ) as DatabaseHandle["db"],
};

let app: FastifyInstance;
beforeAll(async () => {
  useDatabase(failing);
  app = await buildApp({ dev: false, pages: false, logger: false });
});
afterAll(() => app.close());

it("answers the JSON API with an opaque 500 when the database fails, naming nothing of it", async () => {
  for (const url of ["/api/products", "/api/products/1"]) {
    const answer = await app.inject(url);
    expect([url, answer.statusCode, answer.json()]).toEqual([url, 500, { error: "Internal server error" }]);
    expect(answer.body).not.toContain("10.0.0.7");
  }
});
