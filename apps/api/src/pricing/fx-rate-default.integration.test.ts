import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { usdToIdrRate } from "./fx-rate.ts";

// Separate from fx-rate.integration.test.ts because the configuration is read once per test file.
const source: Server = createServer((_req, res) => res.writeHead(503).end());
let database: DatabaseHandle;

beforeAll(async () => {
  await new Promise<void>((r) => source.listen(0, "127.0.0.1", r));
  process.env.FX_RATE_URL = `http://127.0.0.1:${(source.address() as AddressInfo).port}/v6/latest/USD`;
  process.env.FX_DEFAULT_USD_IDR = "sixteen thousand";
  database = await freshDatabase();
});
afterAll(async () => {
  source.closeAllConnections();
  source.close();
  await database.close();
});

it("starts with an invalid FX_DEFAULT_USD_IDR and falls back to 15000 (SPEC 9)", async () => {
  expect(config().FX_DEFAULT_USD_IDR).toBe("sixteen thousand");
  expect(await usdToIdrRate()).toEqual({ rate: "15000.00", source: "fallback", fetchedAt: expect.any(String) });
});
