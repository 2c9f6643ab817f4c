import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./browser.ts";
import { type ConsolePair, type Person, startConsolePair } from "./support/console-pair.ts";
import { ownerName, signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/**
 * The rate source answers 25,000 rupiah per dollar, 49 % from the default 16,777.30 the shop
 * starts with: the API holds it back, the dashboard says so, and an owner takes it with one click.
 */
const staffMember: Person = {
  email: "rate-staff@workshop.test",
  password: "Ubud-rate-staff-2026",
  name: "Kadek",
  role: "staff",
  locale: "en",
};
let source: Server;
let shop: ConsolePair;

beforeAll(async () => {
  source = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ result: "success", base_code: "USD", rates: { USD: 1, IDR: 25_000 } }));
  });
  await new Promise<void>((resolve) => source.listen(0, "127.0.0.1", resolve));
  shop = await startConsolePair({
    env: { FX_RATE_URL: `http://127.0.0.1:${(source.address() as AddressInfo).port}/v6/latest/USD` },
    people: [staffMember],
  });
}, 120_000);
afterAll(async () => {
  await shop?.stop();
  source?.close();
});

const shopRate = async () => ((await (await fetch(`${shop.apiURL}/api/rates/usd-idr`)).json()) as { rateText: string }).rateText;

describe("an exchange rate held back", () => {
  it("is shown on the dashboard; staff who are not owners are told an owner can take it", async () => {
    const page = await browser.open();
    await signIn(page, shop.consoleURL, staffMember);
    const notice = page.getByRole("region", { name: "Exchange rate held back" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("25,000.00 IDR per USD, more than 20 % from the 16,777.30 prices use");
    expect(await notice.getByRole("button").count()).toBe(0);
    expect(await notice.textContent()).toContain("An owner can take the new rate now.");
    expect(await shopRate()).toBe("16777.30");
  });

  it("is taken by an owner's click: prices use it at once, the notice goes, the audit log names who", async () => {
    const page = await browser.open();
    await signIn(page, shop.consoleURL, testOwner);
    const notice = page.getByRole("region", { name: "Exchange rate held back" });
    await notice.waitFor();
    await expectAccessible(page);
    await notice.getByRole("button", { name: "Use 25,000.00 IDR per USD now" }).click();
    await notice.waitFor({ state: "detached" });
    await expect.poll(shopRate).toBe("25000.00");
    await page.goto(`${shop.consoleURL}/admin/audit?kind=exchange-rate-confirmed`);
    const row = page.getByRole("row").filter({ hasText: "Exchange rate confirmed" });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(ownerName);
  });
});
