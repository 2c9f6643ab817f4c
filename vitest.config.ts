import { defineConfig } from "vitest/config";

/**
 * unit: pure functions; integration: server code against a real database (PGlite from a
 * migrated template, or a fresh database on DATABASE_URL); e2e: the built shop in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{lib,server,app,scripts}/**/*.test.ts", "simulators/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          // Webhooks and simulated payments arrive on their own time: a busy machine may take seconds.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: "integration",
          include: ["{server,app,tests/integration}/**/*.integration.test.ts"],
          globalSetup: ["tests/support/db-template.ts"],
          setupFiles: ["tests/support/isolated-data-dir.ts"],
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
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
