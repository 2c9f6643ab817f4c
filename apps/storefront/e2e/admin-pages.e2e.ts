import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { postAdminForm, signIn, staffCookie, testOwner } from "#e2e/support/admin.ts";
import { baseURL, expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { orderPayload, sampleContact, sendCustomRequest } from "./samples.ts";

/**
 * Every admin page, as an owner in English and as a staff member in Russian, on a phone and on a
 * desktop: no serious accessibility issue (axe), no page-wide sideways scroll on the phone, no
 * English left on a Russian page's headings. SCREENSHOT_DIR=… keeps a picture of each.
 */
const { open } = useBrowser();
const russianStaff = { email: "made@workshop.test", password: "Tegallalang-rice-2026" };

async function sampleRecords() {
  const placed = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(await orderPayload(baseURL())),
  });
  const { id: orderId } = (await placed.json()) as { id: string };
  await fetch(`${baseURL()}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL() },
    body: new URLSearchParams(sampleContact),
  });
  const customOrderId = await sendCustomRequest(baseURL(), {
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
  });
  const owner = await staffCookie(baseURL());
  const inbox = await (await fetch(`${baseURL()}/admin/inbox`, { headers: { Cookie: owner } })).text();
  const messageId = inbox.match(/href="\/admin\/inbox\/(\d+)"/)?.[1];
  expect(messageId).toBeTruthy();
  const created = await postAdminForm(baseURL(), owner, "/admin/staff", {
    intent: "create",
    email: russianStaff.email,
    name: "Made",
    role: "staff",
    locale: "ru",
    choice: "own",
    password: russianStaff.password,
  });
  expect([200, 400]).toContain(created.status); // 400: made by an earlier run of this file on the same shop
  return { orderId, messageId: messageId!, customOrderId };
}

async function check(page: Page, name: string, width: number) {
  await hydrated(page);
  if (width < 500) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `${name}: page wider than the phone`).toBeLessThanOrEqual(1);
  }
  await expectAccessible(page);
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) {
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
}

describe("every admin page", () => {
  it("is accessible and fits a phone and a desktop, for an owner in English and for staff in Russian", async () => {
    const { orderId, messageId, customOrderId } = await sampleRecords();
    const pages = (ownerView: boolean) => [
      "/admin",
      "/admin/orders",
      `/admin/orders/${orderId}`,
      `/admin/orders/${orderId}/confirm?action=cancel`,
      "/admin/products",
      "/admin/products/new",
      "/admin/products/1",
      "/admin/custom-orders",
      `/admin/custom-orders/${customOrderId}`,
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
        const page = await open("/admin/login", { width });
        await signIn(page, baseURL(), who);
        for (const url of pages(ownerView)) {
          await page.goto(url);
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
    // A staff member is refused the owners' pages, in the frame.
    const page = await open("/admin/login");
    await signIn(page, baseURL(), russianStaff);
    for (const url of ["/admin/staff", "/admin/audit"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(403);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Нет доступа");
    }
    // Some fifty pages, each checked by axe: minutes on a busy machine.
  }, 300_000);
});
