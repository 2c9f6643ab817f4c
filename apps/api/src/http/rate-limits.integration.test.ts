import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { refusal } from "./rate-limits.ts";

// Read by the first config() call, which comes after this line.
process.env.RATE_LIMIT_CONTACT = "10/600";
process.env.RATE_LIMIT_ORDERS = "3/600";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe("rate limits counted in the database", () => {
  it("40 hits at once: exactly the first 10 pass, the others learn when to come back", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => refusal("contact", "198.51.100.1")));
    expect(answers.filter((a) => a === null)).toHaveLength(10);
    for (const wait of answers.filter((a) => a !== null)) expect(wait).toBeGreaterThan(590);
    // Another client has its own allowance.
    expect(await refusal("contact", "198.51.100.2")).toBeNull();
    const rows = await database.db.selectFrom("rateLimits").select(["key", "points"]).orderBy("key").execute();
    expect(rows).toEqual([
      { key: "contact:198.51.100.1", points: 40 },
      { key: "contact:198.51.100.2", points: 1 },
    ]);
  });

  it("a new window starts once the last one has ended", async () => {
    for (let i = 0; i < 3; i++) expect(await refusal("orders", "198.51.100.3")).toBeNull();
    expect(await refusal("orders", "198.51.100.3")).toBeGreaterThan(590);
    // The window ends (as if ten minutes had passed): the next hit opens a new one.
    await database.db
      .updateTable("rateLimits")
      .set({ expire: sql<Date>`now() - interval '1 second'` })
      .where("key", "=", "orders:198.51.100.3")
      .execute();
    expect(await refusal("orders", "198.51.100.3")).toBeNull();
    expect(await refusal("orders", "198.51.100.3")).toBeNull();
  });
});
