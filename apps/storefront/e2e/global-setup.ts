import { prepareEmptyDatabase } from "@workshop/testing/empty-database.ts";
import type { TestProject } from "vitest/node";
import { testOwner } from "#e2e/support/admin.ts";
import { startShop } from "#e2e/support/start-shop.ts";
import { turboBuild } from "#e2e/support/storefront-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The API's own origin (staff sign in there, from the console's origin). */
    apiURL: string;
    staffToken: string;
    /** What the shop printed while starting (empty when testing an already running shop). */
    startLog: string;
  }
}

export const raisedRateLimits = {
  RATE_LIMIT_ORDERS: "100000/60",
  RATE_LIMIT_PAYMENTS: "100000/60",
  RATE_LIMIT_CONTACT: "100000/60",
  RATE_LIMIT_CUSTOM_ORDERS: "100000/60",
  RATE_LIMIT_WRITES: "100000/60",
  RATE_LIMIT_UPLOADS: "100000/60",
  RATE_LIMIT_REFERENCE_PHOTOS: "100000/60",
  RATE_LIMIT_MEDIA_SIZES: "100000/60",
  RATE_LIMIT_LINK_MISSES: "100000/60",
  RATE_LIMIT_STAFF_MISSES: "100000/60",
  RATE_LIMIT_WEBHOOKS: "100000/60",
};

/**
 * Builds the shop and starts it, as `npm start` would, on a free port with an empty data folder;
 * the shops the tests start begin from one empty database (packages/testing/src/empty-database.ts).
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_BASE_URL) {
    // The production build through turbo, as `npm start` makes it: an unchanged tree reuses the
    // cached build in about a second (under `npm test` turbo has just made it).
    turboBuild(["--output-logs=errors-only"], "inherit");
  } else {
    project.provide("baseURL", process.env.E2E_BASE_URL);
    project.provide("apiURL", process.env.E2E_API_URL ?? "http://localhost:4000");
    project.provide("staffToken", process.env.ADMIN_API_TOKEN ?? "");
    project.provide("startLog", "");
    return;
  }
  const removeEmptyDatabase = await prepareEmptyDatabase();
  const staffToken = `e2e-staff-${Date.now()}-token`;
  project.provide("staffToken", staffToken);
  // Every browser test comes from 127.0.0.1: the shipped limits are tested on a shop of their own.
  const shop = await startShop({
    // E2E_DATABASE_URL: the shared shop on a PostgreSQL database (npm run test:e2e:pg), else on PGlite.
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    ADMIN_API_TOKEN: staffToken,
    ADMIN_EMAIL: testOwner.email,
    ADMIN_PASSWORD: testOwner.password,
    ...raisedRateLimits,
  });
  project.provide("baseURL", shop.baseURL);
  project.provide("apiURL", shop.apiURL);
  project.provide("startLog", shop.log);
  return async () => {
    await shop.remove();
    await removeEmptyDatabase();
  };
}
