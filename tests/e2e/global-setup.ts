import type { TestProject } from "vitest/node";
import { buildIfStale } from "#scripts/build-if-stale.ts";
import { testOwner } from "#tests/support/admin.ts";
import { startShop } from "#tests/support/start-shop.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
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
};

/** Builds the shop and starts it, as `npm start` would, on a free port with an empty data folder. */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_BASE_URL) {
    buildIfStale();
  } else {
    project.provide("baseURL", process.env.E2E_BASE_URL);
    project.provide("staffToken", process.env.ADMIN_API_TOKEN ?? "");
    project.provide("startLog", "");
    return;
  }
  const staffToken = `e2e-staff-${Date.now()}-token`;
  project.provide("staffToken", staffToken);
  // Every browser test comes from 127.0.0.1: the shipped limits are tested on a shop of their own.
  const shop = await startShop({
    ADMIN_API_TOKEN: staffToken,
    ADMIN_EMAIL: testOwner.email,
    ADMIN_PASSWORD: testOwner.password,
    ...raisedRateLimits,
  });
  project.provide("baseURL", shop.baseURL);
  project.provide("startLog", shop.log);
  return shop.remove;
}
