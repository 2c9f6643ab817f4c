import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
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
});
