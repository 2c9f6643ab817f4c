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
          include: ["{lib,server,app}/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["{server,app,tests/integration}/**/*.integration.test.ts"],
          globalSetup: ["tests/support/db-template.ts"],
          setupFiles: ["tests/support/isolated-data-dir.ts"],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
