import { execFileSync } from "node:child_process";
import path from "node:path";
import { prepareEmptyDatabase } from "@workshop/testing/empty-database.ts";
import type { TestProject } from "vitest/node";
import { startConsolePair } from "./support/console-pair.ts";

declare module "vitest" {
  export interface ProvidedContext {
    consoleURL: string;
    apiURL: string;
    shopURL: string;
    staffToken: string;
  }
}

const repositoryRoot = path.resolve(import.meta.dirname, "../../..");

/**
 * Builds the console and the storefront, then starts the API, the console and the storefront each
 * on its own origin, as `npm start` does. The shops the tests start begin from one empty database.
 */
export default async function setup(project: TestProject) {
  execFileSync("npx", ["turbo", "run", "build", "--filter=@workshop/admin", "--filter=@workshop/storefront", "--output-logs=errors-only"], {
    cwd: repositoryRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", TURBO_TELEMETRY_DISABLED: "1" },
  });
  const removeEmptyDatabase = await prepareEmptyDatabase();
  const { apiURL, consoleURL, shopURL, staffToken, stop } = await startConsolePair();
  project.provide("consoleURL", consoleURL);
  project.provide("apiURL", apiURL);
  project.provide("shopURL", shopURL);
  project.provide("staffToken", staffToken);
  return async () => {
    await stop();
    await removeEmptyDatabase();
  };
}
