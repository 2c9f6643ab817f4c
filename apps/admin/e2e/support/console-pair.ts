import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@workshop/api/db/client.ts";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import { freePorts, startNodeProcess } from "@workshop/testing/processes.ts";
import { testOwner } from "./staff.ts";

export type Person = { email: string; password: string; name: string; role: "owner" | "staff"; locale: "en" | "ru" };

/** `log`: what the API has printed so far. */
export type ConsolePair = { apiURL: string; consoleURL: string; staffToken: string; readonly log: string; stop: () => Promise<void> };

/**
 * Starts the API and the console (already built) each on its own origin, as `npm start` does, on an
 * empty data folder of their own: with the test owner, or with `people` as the staff accounts
 * instead. `env` adds to or overrides the API's.
 */
export async function startConsolePair({
  env = {},
  people,
}: {
  env?: Record<string, string>;
  people?: Person[];
} = {}): Promise<ConsolePair> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "console-e2e-"));
  if (people) await addPeople(dataDir, people);
  const [apiPort, consolePort] = await freePorts(2);
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const consoleURL = `http://127.0.0.1:${consolePort}`;
  const staffToken = `console-e2e-${Date.now()}-token`;
  const api = await startNodeProcess(createRequire(import.meta.url).resolve("@workshop/api/main.ts"), {
    name: "API",
    env: {
      NODE_ENV: "production",
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: apiURL,
      ADMIN_URL: consoleURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      XENDIT_SECRET_KEY: "",
      SMTP_URL: "",
      ADMIN_API_TOKEN: staffToken,
      ...(people ? {} : { ADMIN_EMAIL: testOwner.email, ADMIN_PASSWORD: testOwner.password }),
      RATE_LIMIT_ORDERS: "100000/60",
      RATE_LIMIT_WRITES: "100000/60",
      ...env,
    },
    ready: "Shop running at",
  });
  const consoleApp = await startNodeProcess(path.join(import.meta.dirname, "..", "..", "serve.ts"), {
    name: "Console",
    env: { NODE_ENV: "production", ADMIN_PORT: String(consolePort), HOST: "127.0.0.1", API_URL: apiURL },
    ready: "Staff console running at",
  });
  return {
    apiURL,
    consoleURL,
    staffToken,
    get log() {
      return api.log;
    },
    async stop() {
      await Promise.all([consoleApp.stop(), api.stop()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Staff accounts in a new data folder's database, before the API first opens it. */
async function addPeople(dataDir: string, people: Person[]): Promise<void> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const rows = await Promise.all(
    people.map(async ({ email, name, role, locale, password }) => ({
      email,
      name,
      role,
      locale,
      passwordHash: await hashPassword(password),
    })),
  );
  await database.db.insertInto("staffAccounts").values(rows).execute();
  await database.close();
}
