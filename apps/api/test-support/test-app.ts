import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "./test-db.ts";

/** The API's app (without the storefront's pages) on a fresh database, for tests that send it requests with inject(). */
export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

export async function startTestApp(): Promise<TestApp> {
  const database = await freshDatabase();
  const app = await buildApp({ dev: false, logger: false });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
