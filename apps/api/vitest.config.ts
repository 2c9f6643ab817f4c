import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * unit: pure functions and the simulators; integration: the API's code against a real database
 * (PGlite from a migrated template, or a fresh database on DATABASE_URL).
 */
export default defineConfig({
  test: {
    // Test files are independent (each has its own database and data folder): use every core, not
    // Vitest's default of one fewer (a single worker on a 2-core machine).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "unit",
          include: ["{src,simulators,scripts,bench}/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          // Webhooks and simulated payments arrive on their own time: a busy machine may take seconds.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["{src,scripts}/**/*.integration.test.ts"],
          globalSetup: ["test-support/db-template.ts"],
          setupFiles: ["test-support/isolated-data-dir.ts"],
          expect: { poll: { timeout: 10_000 } },
          // Files share the cores: a test that takes 15 s alone may take twice as long beside another.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
