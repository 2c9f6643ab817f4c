import type { JsonText } from "./types.ts";

/**
 * A value for a jsonb column (`Json<T>` of db/types.ts): JSON text, which both drivers send as is
 * (pg would send a JavaScript array as a PostgreSQL array).
 */
export function json<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}
