import { mkdir } from "node:fs/promises";
import path from "node:path";
import { orderDetailAnswer } from "@workshop/domain/staff-api/order.ts";
import { CSRF_HEADER, sessionAnswer } from "@workshop/domain/staff-api.ts";
import { orderPayload } from "@workshop/testing/sample-orders.ts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, shopURL, useBrowser } from "./browser.ts";
import { signIn, testOwner } from "./support/staff.ts";

/**
 * Every page of the console, as an owner in English and as a staff member in Russian, on a phone
 * and on a desktop: no serious accessibility issue (axe), no sideways scrolling, a Russian heading
 * on a Russian page. SCREENSHOT_DIR=… keeps a picture of each.
 */
const browser = useBrowser();
const russianStaff = { email: "made@workshop.test", password: "Tegallalang-rice-2026" };
const staffHeaders = () => ({ Authorization: `Bearer ${inject("staffToken")}` });

/** One record of each kind to open: an order, a contact message, a custom request, and a Russian-speaking person. */
async function sampleRecords() {
  const placed = await fetch(`${apiURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(await orderPayload(apiURL())),
  });
  expect(placed.status).toBe(201);
  const { id: orderId } = (await placed.json()) as { id: string };
  const contact = new URLSearchParams({ name: "Ana", email: "ana@example.com", subject: "A hat for a wedding", message: "Hello" });
  expect((await fetch(`${shopURL()}/contact`, { method: "POST", body: contact, redirect: "manual" })).status).toBe(200);
  const inbox = (await (await fetch(`${apiURL()}/api/admin/inbox?size=50`, { headers: staffHeaders() })).json()) as {
    rows: { id: number; subject: string }[];
  };
  const messageId = inbox.rows.find((m) => m.subject === "A hat for a wedding")!.id;
  const request = await fetch(`${apiURL()}/api/custom-orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Ketut Wide-Brim",
      email: "ketut@example.com",
      phone: "+62 812 3456 7890",
      hatType: "Wide Brim Hat",
      material: "Straw",
      size: "59 cm",
      color: "Natural with a black band",
      details: "A wide brim for the rice fields, light and tightly woven, with a chin cord.",
      budget: "$150-300",
      timeline: "1-2 months",
      referenceImages: [],
    }),
  });
  expect(request.status).toBe(201);
  const { id: customOrderId } = (await request.json()) as { id: number };

  const signedIn = await fetch(`${apiURL()}/api/admin/session`, {
    method: "POST",
    headers: { Origin: consoleURL(), "Content-Type": "application/json" },
    body: JSON.stringify(testOwner),
  });
  const cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
  const { csrfToken } = sessionAnswer.parse(await signedIn.json());
  const made = await fetch(`${apiURL()}/api/admin/staff`, {
    method: "POST",
    headers: { Origin: consoleURL(), Cookie: cookie, [CSRF_HEADER]: csrfToken, "Content-Type": "application/json" },
    body: JSON.stringify({
      email: russianStaff.email,
      name: "Made",
      role: "staff",
      locale: "ru",
      choice: "own",
      password: russianStaff.password,
    }),
  });
  // 409 (or 400): made by an earlier run of this file on the same API.
  expect(made.status, await made.clone().text()).toBeLessThan(500);
  // The order's first e-mail (its confirmation), to read on its own page.
  const order = orderDetailAnswer.parse(await (await fetch(`${apiURL()}/api/admin/orders/${orderId}`, { headers: staffHeaders() })).json());
  const mailId = order.mails[0]!.id;
  return { orderId, mailId, messageId, customOrderId };
}

async function check(page: Page, name: string, width: number) {
  expect.soft(await scrollsSideways(page), `${name}: wider than the screen`).toBe(false);
  await expectAccessible(page);
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) {
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `console-${name}-${width}.png`), fullPage: true });
  }
}

describe("every page of the console", () => {
  it("is accessible and fits a phone and a desktop, for an owner in English and for staff in Russian", async () => {
    const { orderId, mailId, messageId, customOrderId } = await sampleRecords();
    const pages = (ownerView: boolean) => [
      "/admin",
      "/admin/orders",
      `/admin/orders/${orderId}`,
      `/admin/orders/${orderId}/mail/${mailId}`,
      "/admin/products",
      "/admin/products/new",
      "/admin/products/1",
      "/admin/custom-orders",
      `/admin/custom-orders/${customOrderId}`,
      `/admin/custom-orders/${customOrderId}/quote`,
      "/admin/inbox",
      `/admin/inbox/${messageId}`,
      "/admin/account",
      ...(ownerView ? ["/admin/staff", "/admin/audit"] : []),
    ];
    for (const [who, ownerView, lang] of [
      [testOwner, true, "en"],
      [russianStaff, false, "ru"],
    ] as const) {
      for (const width of [390, 1280]) {
        const page = await browser.open({ width });
        await signIn(page, consoleURL(), who);
        for (const url of pages(ownerView)) {
          await page.goto(`${consoleURL()}${url}`);
          // Drawn once its data came: the page's heading, and nothing still loading.
          await page.locator("h1").first().waitFor();
          await page.waitForLoadState("networkidle");
          expect(await page.locator("html").getAttribute("lang"), url).toBe(lang);
          const name = `${lang}${url.replace(/[^a-z0-9]+/gi, "_").replace(/_[0-9a-f]{8}_[0-9a-f_]{27}/, "_order")}`;
          await check(page, name, width);
          // (A message's heading is its subject, as the customer wrote it.)
          if (lang === "ru" && !url.startsWith("/admin/inbox/")) {
            const h1 = (await page.locator("h1").first().textContent()) ?? "";
            expect(h1, `${url} heading`).toMatch(/[а-яё]/i);
          }
        }
        await page.context().close();
      }
    }
  }, 400_000);
});
