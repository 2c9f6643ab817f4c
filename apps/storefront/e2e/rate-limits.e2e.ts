import { launchBrowser, newContext } from "@workshop/testing/browser.ts";
import { queryStoppedShop, scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated } from "./fixtures.ts";
import { orderPayload, sampleContact } from "./samples.ts";

/**
 * The shipped limits (the API's apps/api/src/config.ts) on a shop of its own: the shared e2e shop raises them,
 * since all its browser tests come from one address.
 */
const staffToken = "rate-limit-test-staff-token";
const contact = sampleContact;

const placeOrder = (base: string, payload: object) =>
  fetch(`${base}/api/orders`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
const sendContact = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(contact).toString(),
  });

describe("rate limits with the shipped settings", () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop({ ADMIN_API_TOKEN: staffToken });
  });
  afterAll(() => shop?.remove());

  it("the 11th order in 10 minutes is refused with 429, Retry-After and {error}; the checkout's payment step too", async () => {
    const payload = await orderPayload(shop.baseURL);
    for (let i = 0; i < 10; i++) expect((await placeOrder(shop.baseURL, payload)).status).toBe(201);
    const refused = await placeOrder(shop.baseURL, payload);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
    // A client cannot pick a new address for itself: X-Forwarded-For counts only behind a configured proxy (TRUST_PROXY).
    const spoofed = await fetch(`${shop.baseURL}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
      body: JSON.stringify(payload),
    });
    expect(spoofed.status).toBe(429);

    // The form step that places an order counts against the same limit, and answers with the page.
    const step = await fetch(`${shop.baseURL}/ru/checkout/payment`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "lang=ru" },
      body: "paymentMethod=BCA",
      redirect: "manual",
    });
    expect(step.status).toBe(429);
    expect(step.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await step.text()).toContain("Слишком много запросов");

    const listed = await fetch(`${shop.baseURL}/api/orders?limit=1`, { headers: { Authorization: `Bearer ${staffToken}` } });
    expect(((await listed.json()) as { pagination: { total: number } }).pagination.total).toBe(10);
  });

  it("the 6th contact message is the friendly 429 page, in the visitor's language", async () => {
    for (let i = 0; i < 5; i++) expect((await sendContact(shop.baseURL)).status).toBe(200);
    const en = await sendContact(shop.baseURL);
    expect(en.status).toBe(429);
    const html = await en.text();
    expect(html).toContain("Too many requests");
    expect(html).toContain("Please wait a few minutes and try again.");
    // The same refusal when the form is sent by the page's JavaScript (React Router's data request).
    const data = await fetch(`${shop.baseURL}/contact.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(contact).toString(),
    });
    expect(data.status).toBe(429);
  });

  it.each([
    ["en-US", 390, true, "Too many requests", "Send Message", ["Your name", "E-mail", "Subject", "Message"]],
    ["ru-RU", 1280, false, "Слишком много запросов", "Отправить", ["Ваше имя", "Эл. почта", "Тема", "Сообщение"]],
  ] as const)(
    "a refused form in the browser (%s, %i px, JavaScript %s) shows the 429 page, accessible",
    async (locale, width, javaScript, heading, submit, labels) => {
      const browser = await launchBrowser();
      try {
        const context = await newContext(browser, shop.baseURL, { locale, width, javaScript });
        const page = await context.newPage();
        await page.goto(locale === "ru-RU" ? "/ru/contact" : "/contact");
        if (javaScript) await hydrated(page);
        const values = [contact.name, contact.email, contact.subject, contact.message];
        for (const [i, label] of labels.entries()) await page.getByLabel(label, { exact: true }).fill(values[i]!);
        await page.getByRole("button", { name: submit }).click();
        await page.getByRole("heading", { name: heading }).waitFor();
        // The whole page speaks the visitor's language, and the message is in view.
        expect(await page.locator("html").getAttribute("lang")).toBe(locale.slice(0, 2));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        // axe runs in the page's JavaScript.
        if (javaScript) await expectAccessible(page);
        if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/429-${locale}-${width}.png` });
      } finally {
        await browser.close();
      }
    },
  );

  it("payment requests: the 21st in 10 minutes is refused, whatever the first 20 were", async () => {
    const ask = () =>
      fetch(`${shop.baseURL}/api/xendit/payment-request`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ orderId: "none" }),
      });
    for (let i = 0; i < 20; i++) expect((await ask()).status).toBeLessThan(429);
    expect((await ask()).status).toBe(429);
  });

  it("other public writes have their own, larger limit: the language switch still works", async () => {
    const response = await fetch(`${shop.baseURL}/language`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "lang=ru&redirectTo=/",
      redirect: "manual",
    });
    expect(response.status).toBeLessThan(400);
  });

  it("unknown private links: after 30 in 10 minutes, order and quote pages answer 429 before any lookup", async () => {
    const token = (i: number) => `no-such-token-${String(i).padStart(30, "0")}`;
    for (let i = 0; i < 30; i++) {
      const path = i % 2 ? `/orders/${token(i)}` : `/ru/quotes/${token(i)}.data`;
      expect([path, (await fetch(`${shop.baseURL}${path}`)).status]).toEqual([path, 404]);
    }
    const refused = await fetch(`${shop.baseURL}/quotes/${token(30)}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await refused.text()).toContain("Too many requests");
    expect([refused.headers.get("cache-control"), refused.headers.get("referrer-policy")]).toEqual(["private, no-store", "same-origin"]);
    const ru = await fetch(`${shop.baseURL}/ru/orders/${token(31)}`);
    expect([ru.status, (await ru.text()).includes("Слишком много запросов")]).toEqual([429, true]);
    // The pages ask the API, which counts the unknown tokens and refuses the reads itself.
    const api = await fetch(`${shop.baseURL}/api/shop/quotes/${token(32)}`);
    expect([api.status, await api.json()]).toEqual([429, { error: expect.stringMatching(/^Too many requests\./) }]);
    // Other pages are not held up.
    expect((await fetch(`${shop.baseURL}/products`)).status).toBe(200);
  });

  it("keeps its counts in the database, and stored exactly the accepted messages", async () => {
    await shop.stop();
    {
      const messages = await queryStoppedShop<{ n: number }>(shop.dataDir, "select count(*)::int as n from contact_messages");
      expect(messages[0]!.n).toBe(5);
      const counts = await queryStoppedShop<{ key: string; points: number }>(
        shop.dataDir,
        "select key, points from rate_limits order by key",
      );
      expect(counts).toEqual(
        expect.arrayContaining([
          { key: "orders:127.0.0.1", points: 13 },
          { key: "contact:127.0.0.1", points: 9 },
          { key: "payments:127.0.0.1", points: 21 },
          // The refused pages were not counted: they were turned away before the lookup.
          { key: "linkMisses:127.0.0.1", points: 30 },
        ]),
      );
    }
  });
});

const scratch = await scratchPostgresDatabase("shop_rl");

describe.skipIf(!scratch)("rate limits across instances (two shops on one PostgreSQL database)", () => {
  const shops: RunningShop[] = [];
  beforeAll(async () => {
    const env = { DATABASE_URL: scratch!.url, RATE_LIMIT_CONTACT: "4/600" };
    shops.push(await startShop(env));
    shops.push(await startShop(env));
  });
  afterAll(async () => {
    await Promise.all(shops.map((s) => s.remove()));
    await scratch!.drop();
  });

  it("a client that alternates between instances gets one allowance, not one per instance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await sendContact(shops[i % 2]!.baseURL)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
