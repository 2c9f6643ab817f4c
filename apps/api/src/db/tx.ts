import type { Db } from "./client.ts";

/** A drizzle transaction of the shop's database (the argument of `db.transaction(async (tx) => ...)`). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
