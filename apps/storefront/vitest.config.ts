import { defineConfig } from "vitest/config";

/**
 * unit: the pages' pure helpers; e2e: the built shop in Chromium (the rules and the database are the
 * API's, tested there).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{app,server,scripts}/**/*.test.ts"],
          exclude: ["node_modules/**"],
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          // A shared 2-core machine: give the page time to settle, never sleep a fixed time.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
