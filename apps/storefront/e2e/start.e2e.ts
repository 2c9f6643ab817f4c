import { describe, expect, it } from "vitest";
import { startShop } from "#e2e/support/start-shop.ts";
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
    expect(failure).toMatch(/Shop exited with 1/);
    expect(failure).toContain(`Port ${port} is already in use`);
    expect(failure).toContain("PORT=");
    expect(failure).not.toMatch(/TypeError|at Server/);
  });
});
