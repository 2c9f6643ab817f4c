import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CSRF_HEADER, sessionAnswer } from "@workshop/domain/staff-api.ts";
import { useEmptyDatabase } from "@workshop/testing/empty-database.ts";
import { freePorts, startNodeProcess } from "@workshop/testing/processes.ts";
import { testOwner } from "./staff.ts";

export type Person = { email: string; password: string; name: string; role: "owner" | "staff"; locale: "en" | "ru" };

/** `log`: what the API has printed so far; `shopURL`: the storefront, where the shop's pages are. */
export type ConsolePair = {
  apiURL: string;
  consoleURL: string;
  shopURL: string;
  staffToken: string;
  readonly log: string;
  stop: () => Promise<void>;
};

/**
 * Starts the API, the console and the storefront (both already built) each on its own origin, as
 * `npm start` does, on an empty data folder of their own, with the test owner and `people`, added as the console adds
 * staff. `env` adds to or overrides the API's.
 */
export async function startConsolePair({
  env = {},
  people,
}: {
  env?: Record<string, string>;
  people?: Person[];
} = {}): Promise<ConsolePair> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "console-e2e-"));
  if (!env.DATABASE_URL) await useEmptyDatabase(dataDir);
  const [apiPort, consolePort, shopPort] = await freePorts(3);
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const consoleURL = `http://127.0.0.1:${consolePort}`;
  const shopURL = `http://127.0.0.1:${shopPort}`;
  const staffToken = `console-e2e-${Date.now()}-token`;
  // The API's process, started by its path: an app never imports another app.
  const api = await startNodeProcess(path.resolve(import.meta.dirname, "../../../api/src/main.ts"), {
    name: "API",
    env: {
      NODE_ENV: "production",
      API_PORT: String(apiPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: shopURL,
      API_URL: apiURL,
      ADMIN_URL: consoleURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      XENDIT_SECRET_KEY: "",
      SMTP_URL: "",
      ADMIN_API_TOKEN: staffToken,
      ADMIN_EMAIL: testOwner.email,
      ADMIN_PASSWORD: testOwner.password,
      RATE_LIMIT_ORDERS: "100000/60",
      RATE_LIMIT_WRITES: "100000/60",
      RATE_LIMIT_CUSTOM_ORDERS: "100000/60",
      ...env,
    },
    ready: "API running at",
  });
  const consoleApp = await startNodeProcess(path.join(import.meta.dirname, "..", "..", "serve.ts"), {
    name: "Console",
    // As `npm start` gives it: the same addresses as the API's.
    env: {
      NODE_ENV: "production",
      ADMIN_PORT: String(consolePort),
      HOST: "127.0.0.1",
      API_URL: apiURL,
      PUBLIC_URL: shopURL,
      ADMIN_URL: consoleURL,
    },
    ready: "Staff console running at",
  });
  // The shop's pages, where the tests see what staff changed; by its path: an app never imports another.
  const shop = await startNodeProcess(path.resolve(import.meta.dirname, "../../../storefront/server/main.ts"), {
    name: "Storefront",
    env: { NODE_ENV: "production", PORT: String(shopPort), HOST: "127.0.0.1", PUBLIC_URL: shopURL, API_URL: apiURL, LOG_LEVEL: "warn" },
    ready: "Shop running at",
  });
  if (people) await addPeople(apiURL, consoleURL, people);
  return {
    apiURL,
    consoleURL,
    shopURL,
    staffToken,
    get log() {
      return api.log;
    },
    async stop() {
      await Promise.all([consoleApp.stop(), shop.stop(), api.stop()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Staff accounts, added by the test owner through the staff API from the console's origin. */
async function addPeople(apiURL: string, consoleURL: string, people: Person[]): Promise<void> {
  const signedIn = await fetch(`${apiURL}/api/admin/session`, {
    method: "POST",
    headers: { Origin: consoleURL, "Content-Type": "application/json" },
    body: JSON.stringify(testOwner),
  });
  const cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
  const { csrfToken } = sessionAnswer.parse(await signedIn.json());
  for (const { email, name, role, locale, password } of people) {
    const made = await fetch(`${apiURL}/api/admin/staff`, {
      method: "POST",
      headers: { Origin: consoleURL, Cookie: cookie, [CSRF_HEADER]: csrfToken, "Content-Type": "application/json" },
      body: JSON.stringify({ email, name, role, locale, choice: "own", password }),
    });
    if (made.status !== 201) throw new Error(`${email} not added: ${made.status} ${await made.text()}`);
  }
}
