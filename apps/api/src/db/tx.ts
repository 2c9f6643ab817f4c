import type { Transaction } from "kysely";
import type { Database } from "./types.ts";

/** A transaction of the shop's database (the argument of `db.transaction().execute(async (tx) => ...)`). */
export type Tx = Transaction<Database>;
