import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { useDatabase } from "#server/db/client.ts";
import { failingDatabase } from "#test-support/failing-database.ts";

/** The message of every failure: it must never reach a client. */
const secret = "connection refused by db-primary-7 at 10.0.0.7";

let app: FastifyInstance;
beforeAll(async () => {
  useDatabase(failingDatabase(secret));
  app = await buildApp({ dev: false, logger: false });
});
afterAll(() => app.close());

it("answers the JSON API with an opaque 500 when the database fails, naming nothing of it", async () => {
  for (const url of ["/api/products", "/api/products/1"]) {
    const answer = await app.inject(url);
    expect([url, answer.statusCode, answer.json()]).toEqual([url, 500, { error: "Internal server error" }]);
    expect(answer.body).not.toContain("10.0.0.7");
  }
});
