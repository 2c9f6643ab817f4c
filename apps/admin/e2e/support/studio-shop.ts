import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@workshop/api/db/client.ts";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import { freePorts, startNodeProcess } from "@workshop/testing/processes.ts";

export type Person = { email: string; password: string; name: string; role: "owner" | "staff"; locale: "en" | "ru" };

/** `log`: what the API has printed so far. */
export type StudioShop = { apiURL: string; consoleURL: string; readonly log: string; remove: () => Promise<void> };

/**
 * An API and a console of their own (the builds global-setup.ts made) on an empty data folder,
 * with `people` as staff accounts: for the studio's tests, which need an image engine the shared
 * API has not (`env`: AI_IMAGE_API_URL and its key, or none for the local engine).
 */
export async function startStudioShop(people: Person[], env: Record<string, string> = {}): Promise<StudioShop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "console-studio-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await database.db
    .insertInto("staffAccounts")
    .values(
      await Promise.all(
        people.map(async ({ email, name, role, locale, password }) => ({
          email,
          name,
          role,
          locale,
          passwordHash: await hashPassword(password),
        })),
      ),
    )
    .execute();
  await database.close();
  const [apiPort, consolePort] = await freePorts(2);
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const consoleURL = `http://127.0.0.1:${consolePort}`;
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
      RATE_LIMIT_WRITES: "100000/60",
      RATE_LIMIT_UPLOADS: "100000/60",
      RATE_LIMIT_MEDIA_SIZES: "100000/60",
      RATE_LIMIT_AI_JOBS: "100000/60",
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
    get log() {
      return api.log;
    },
    remove: async () => {
      await Promise.all([consoleApp.stop(), api.stop()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
