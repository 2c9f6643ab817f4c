import { defineConfig } from "vitest/config";

/** unit: the console's pure helpers; e2e: the built console in Chromium against the API. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["src/**/*.test.ts", "*.test.ts"] } },
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
