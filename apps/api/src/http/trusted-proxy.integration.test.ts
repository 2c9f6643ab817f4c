import { request } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";

// Read by the first config() call, which comes after these lines: the storefront is 127.0.0.1.
process.env.TRUST_PROXY = "127.0.0.1";
process.env.RATE_LIMIT_ORDERS = "2/600";

let database: DatabaseHandle;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ dev: false, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** POST /api/orders (counted against the orders limit before its body is judged) from `from`, naming `forwardedFor`. */
function order(from: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port,
        localAddress: from,
        method: "POST",
        path: "/api/orders",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
      },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    sent.on("error", reject);
    sent.end("{}");
  });
}

describe("the client's address behind the trusted storefront", () => {
  it("counts each customer the storefront names, not the storefront", async () => {
    for (const customer of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]) {
      expect(await order("127.0.0.1", customer)).toBe(400);
      expect(await order("127.0.0.1", customer)).toBe(400);
    }
    // The third order of one customer is refused, whichever customers came between.
    expect(await order("127.0.0.1", "203.0.113.1")).toBe(429);
    const keys = await database.db.selectFrom("rateLimits").select("key").where("key", "like", "orders:%").execute();
    expect(keys.map((k) => k.key)).not.toContain("orders:127.0.0.1");
  });

  it("gives a forged X-Forwarded-For from anyone else nothing: the connection's address counts", async () => {
    expect(await order("127.0.0.2", "198.51.100.1")).toBe(400);
    expect(await order("127.0.0.2", "198.51.100.2")).toBe(400);
    expect(await order("127.0.0.2", "198.51.100.3")).toBe(429);
    const keys = await database.db.selectFrom("rateLimits").select("key").where("key", "like", "orders:198.51.100%").execute();
    expect(keys).toEqual([]);
  });
});
