import type { Page, Response } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { paymentTiming } from "#app/components/payment/timing.ts";
import { paidAtNextPoll } from "#e2e/support/payment-clock.ts";
import { baseURL, hydrated, useBrowser } from "./fixtures.ts";

/**
 * The Content-Security-Policy in a real browser: the shop's pages hydrate and work with it (gallery,
 * checkout, the QR page's polling, the sandbox's card page), and it does block what it should.
 */
const browser = useBrowser();

type Violation = { directive: string; blocked: string; page: string };

/** Opens `path` with every CSP violation of every page of the context recorded. */
async function openWatched(path: string): Promise<{ page: Page; response: Response | null; violations: () => Promise<Violation[]> }> {
  const page = await browser.open("/favicon.svg");
  const seen: Violation[] = [];
  await page.exposeFunction("__reportViolation", (v: Violation) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __reportViolation: (v: object) => void }).__reportViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        page: location.pathname,
      }),
    );
  });
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text()))
      seen.push({ directive: "console", blocked: m.text(), page: page.url() });
  });
  const response = await page.goto(path);
  return { page, response, violations: async () => seen };
}

describe("Content-Security-Policy in the browser", () => {
  it("the product gallery and the Order Now form work, with no violation", async () => {
    const { page, violations } = await openWatched("/products/1");
    await hydrated(page);
    const counter = page.getByText(/^\d \/ 3$/);
    await page.getByRole("button", { name: "Next photo" }).click();
    expect(await counter.textContent()).toBe("2 / 3");
    await page.goto("/contact");
    await hydrated(page);
    expect(await violations()).toEqual([]);
  });

  it("a page served from the page cache (its inline scripts and styles named by hash) is styled, hydrates and works, with no violation", async () => {
    const path = "/ru/products?sort=price-low";
    // Kept the second time it is asked for.
    for (let i = 0; i < 2; i++) await (await fetch(new URL(path, baseURL()))).arrayBuffer();
    const { page, response, violations } = await openWatched(path);
    expect(await response!.headerValue("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    await hydrated(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price-high");
    await page.waitForURL(/sort=price-high/);
    expect(await violations()).toEqual([]);
  });

  it("the QR page hydrates, shows the code and finds the payment by polling, with no violation", async () => {
    const { page, violations } = await openWatched("/test-checkout");
    await page.waitForURL(/\/checkout\/payment$/);
    await hydrated(page);
    // The QR page's waits run on a clock the test moves past them (paidAtNextPoll); its polls are real.
    await page.clock.install();
    await page.getByRole("radio", { name: "QRIS", exact: true }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/checkout\/qr\?order_id=.+&payment_id=pr-/);
    await hydrated(page);
    const image = page.getByRole("img", { name: /QRIS payment code/ });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const paymentId = new URL(page.url()).searchParams.get("payment_id");
    const paid = await fetch(`${baseURL()}/_sandbox/xendit/_control/payment_requests/${paymentId}/pay`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${inject("staffToken")}` },
      body: "{}",
    });
    expect(paid.ok).toBe(true);
    await paidAtNextPoll(page, baseURL(), paymentTiming.qrPollMs);
    await page.waitForURL(/\/checkout\/success\?order_id=/);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
    expect(await violations()).toEqual([]);
  });

  it("the sandbox's card checkout keeps its styles and returns to the shop, with no violation", async () => {
    const { page, violations } = await openWatched("/test-checkout");
    await page.waitForURL(/\/checkout\/payment$/);
    await hydrated(page);
    await page.getByRole("radio", { name: "Credit or debit card", exact: true }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/_sandbox\/xendit\/pay\/sessions\/ps-/);
    // Its inline stylesheet applies: the body is not the browser's default white serif page.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^"?Times/);
    await page.getByLabel("Card number").fill("4000000000001091");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("CVN").fill("123");
    await page.getByLabel("Name on card").fill("Test Customer");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor({ timeout: 30_000 });
    expect(await violations()).toEqual([]);
  });

  it("blocks an inline script that lacks the nonce", async () => {
    const { page, violations } = await openWatched("/");
    await hydrated(page);
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(async () => (await violations()).map((v) => v.directive)).toContain("script-src-elem");
  });
});
