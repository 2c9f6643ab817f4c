import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runNpmStart } from "#e2e/support/npm-start.ts";
import { startShop } from "#e2e/support/start-shop.ts";
import { repositoryRoot, turboBuild } from "#e2e/support/storefront-build.ts";
import { baseURL } from "./fixtures.ts";

describe("starting the shop", () => {
  it("on a port already in use stops with a message that says so and what to do", async () => {
    const port = new URL(baseURL()).port;
    const failure = await startShop({ PORT: port }).then(
      async (shop) => {
        await shop.remove();
        return "";
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/Storefront exited with 1/);
    expect(failure).toContain(`Port ${port} is already in use`);
    expect(failure).toContain("PORT=");
    expect(failure).not.toMatch(/TypeError|at Server/);
  });

  it.skipIf(inject("startLog") === "")(
    "reuses the production build while its inputs are unchanged: tests, notes and the API's code are not inputs, the shared packages are",
    () => {
      // What `npm start` would do now, without doing it: turbo's plan for the storefront's build.
      const plan = () => {
        const dry = JSON.parse(turboBuild(["--dry=json"])) as { tasks: { taskId: string; hash: string; cache: { status: string } }[] };
        return dry.tasks.find((t) => t.taskId === "@workshop/storefront#build")!;
      };
      // The global setup built it through turbo, as `npm start` does: the next start takes it from the cache.
      const built = plan();
      expect(built.cache.status).toBe("HIT");
      const probe = (file: string) => {
        const full = path.join(repositoryRoot, file);
        writeFileSync(full, "// probe\n");
        try {
          return plan().hash;
        } finally {
          rmSync(full);
        }
      };
      expect(probe("apps/storefront/e2e/zz-probe.md")).toBe(built.hash);
      expect(probe("apps/storefront/app/zz-probe.test.ts")).toBe(built.hash);
      // The storefront is built and deployed apart from the API: only the packages it uses are its inputs.
      expect(probe("apps/api/src/zz-probe.ts")).toBe(built.hash);
      expect(probe("packages/domain/src/zz-probe.ts")).not.toBe(built.hash);
      expect(probe("apps/storefront/app/zz-probe.ts")).not.toBe(built.hash);
      expect(plan().hash).toBe(built.hash);
    },
    60_000,
  );

  it.skipIf(inject("startLog") === "")(
    "`npm start` on a new machine prints the three addresses and the first owner's block, and no npm warning, telemetry notice or refused connection",
    async () => {
      // A newcomer opens the shop's address the moment it answers, while the API may still be
      // opening its new database: each of its calls to a closed API used to print ECONNREFUSED.
      const start = await runNpmStart({
        whenShopAnswers: async (shop) => {
          const home = await fetch(`${shop}/`);
          expect(home.status).toBe(200);
        },
      });
      const { output, ports } = start;
      expect(output).toContain(`Shop running at http://localhost:${ports.shop}`);
      expect(output).toContain(`Staff console running at http://localhost:${ports.console}/admin`);
      expect(output).toContain(`API running at http://localhost:${ports.api}`);
      expect(output).toMatch(
        /={20,}\nThe admin's first owner account was created\. .*\n\n {2}Sign in at: {2}http:\/\/localhost:\d+\/admin\/login .*\n {2}E-mail: {6}owner-[0-9a-f]{12}@localhost\n {2}Password: {4}\S{12,}\n/,
      );
      expect(output).not.toMatch(/Unknown (env|project|user|builtin|global) config/);
      // Turbo's first-run notice: "Turborepo now collects completely anonymous telemetry …".
      expect(output).not.toMatch(/anonymous telemetry/i);
      expect(output).not.toContain("ECONNREFUSED");
      expect(output).not.toMatch(/npm (warn|error)/);
      // At most one line about the wait, whichever process waited.
      expect(output.match(/Waiting for the API/g)?.length ?? 0).toBeLessThanOrEqual(1);
    },
    240_000,
  );
});
