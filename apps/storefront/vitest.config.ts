import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// The API's database set-up for tests, through its package name.
const apiTestSupport = (file: string) => createRequire(import.meta.url).resolve(`@workshop/api/test-support/${file}`);

/**
 * unit: the pages' pure helpers; integration: routes called directly against a real database
 * (the API's test template); e2e: the built shop in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{app,scripts}/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: "integration",
          include: ["app/**/*.integration.test.ts"],
          globalSetup: [apiTestSupport("db-template.ts")],
          setupFiles: [apiTestSupport("isolated-data-dir.ts")],
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
