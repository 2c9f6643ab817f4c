import type { DatabaseHandle } from "#server/db/client.ts";

/** A database that fails on every call with `message`, which must never reach a client. */
export function failingDatabase(message: string): DatabaseHandle {
  return {
    kind: "postgres",
    close: async () => {},
    db: new Proxy(
      {},
      {
        get: () => {
          throw new Error(message);
        },
      },
    ) as DatabaseHandle["db"],
  };
}
