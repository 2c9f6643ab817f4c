import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * unit: pure functions and the simulators; integration: the API's code against a real database
 * (PGlite from a migrated template, or a fresh database on DATABASE_URL); postgres: the files of
 * those where the database matters, run again on PostgreSQL.
 */
/** How the database tests run: each file on its own database, from a migrated template. */
const onDatabase = {
  globalSetup: ["test-support/db-template.ts"],
  setupFiles: ["test-support/isolated-data-dir.ts"],
  expect: { poll: { timeout: 10_000 } },
  // Files share the cores: a test that takes 15 s alone may take twice as long beside another.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

const onPostgres = [
  "scripts/admin.integration.test.ts",
  "scripts/backup.integration.test.ts",
  "src/admin-orders/dashboard-money.integration.test.ts",
  "src/admin-orders/order-list.integration.test.ts",
  "src/admin-orders/refunded-orders.integration.test.ts",
  "src/ai/admin-routes.integration.test.ts",
  "src/cache/versions.integration.test.ts",
  "src/catalog/list-pages.integration.test.ts",
  "src/catalog/product-changes.integration.test.ts",
  "src/catalog/products.integration.test.ts",
  "src/checkout/quote-checkout.integration.test.ts",
  "src/custom-orders/quotes.integration.test.ts",
  "src/custom-orders/staff-work.integration.test.ts",
  "src/db/older-database.integration.test.ts",
  "src/http/rate-limits.integration.test.ts",
  "src/jobs/jobs.integration.test.ts",
  "src/jobs/roles.integration.test.ts",
  "src/mail/mail.integration.test.ts",
  "src/making/making-after-0021.integration.test.ts",
  "src/making/moves.integration.test.ts",
  "src/making/photos.integration.test.ts",
  "src/making/stage-list.integration.test.ts",
  "src/orders/place-order.integration.test.ts",
  "src/payments/partial-refunds.integration.test.ts",
  "src/payments/payments.integration.test.ts",
  "src/payments/refund-states-after-0017.integration.test.ts",
  "src/payments/refunds.integration.test.ts",
  "src/payments/returns.integration.test.ts",
  "src/pricing/fx-rate-guard.integration.test.ts",
  "src/staff/accounts.integration.test.ts",
  "src/staff/first-owner.integration.test.ts",
];

// A file renamed or gone would leave PostgreSQL untested without a word: say so at once.
const missing = onPostgres.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.config.ts names test files that are not there: ${missing.join(", ")}`);

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
        test: { name: "integration", include: ["{src,scripts}/**/*.integration.test.ts"], ...onDatabase },
      },
      {
        // Run again on PostgreSQL (`npm run test:postgres` with DATABASE_URL; CI's second pass): the
        // files where the database itself is tested, beyond the SQL every file runs on PGlite:
        // concurrent writers and locks, transactions, migrations of older databases, the job queue,
        // backups and the CLI, sums, searches, sorting and paging, uniqueness, counters.
        test: { name: "postgres", include: onPostgres, ...onDatabase },
      },
    ],
  },
});
