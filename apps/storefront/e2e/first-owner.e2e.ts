import { afterAll, describe, expect, it } from "vitest";
import { staffCookie } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";

describe("the first owner of a new shop", () => {
  const shops: RunningShop[] = [];
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    await shops[0]?.remove();
  });

  it("is printed once in the first start's output, signs in, and is not printed again", async () => {
    const consoleUrl = "http://127.0.0.1:3999";
    const first = await startShop({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "", ADMIN_URL: consoleUrl });
    shops.push(first);
    // Signing in and changing the password happen in the staff console.
    expect(first.log).toContain(`Sign in at:  ${consoleUrl}/admin/login (the staff console)`);
    expect(first.log).toContain(`change the password at ${consoleUrl}/admin/account`);
    // The shop's own e-mail, not one anybody could know in advance.
    const email = /E-mail:\s+(owner-[0-9a-f]{12}@localhost)\n/.exec(first.log)![1]!;
    expect(first.log).toContain(`reset-password ${email}`);
    const password = /Password:\s+(\S+)/.exec(first.log)![1]!;
    await expect(staffCookie(first.apiURL, { email, password }, consoleUrl)).resolves.toMatch(/^staff=/);
    await first.stop();

    const again = await startShop({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" }, first.dataDir);
    shops.push(again);
    expect(again.log).not.toContain("Password:");
    expect(again.log).not.toContain(email);
    await expect(staffCookie(again.apiURL, { email, password })).resolves.toMatch(/^staff=/);
  });
});
