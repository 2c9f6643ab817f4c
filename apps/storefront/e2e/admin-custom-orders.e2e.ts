import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { keptMail, mailHeader } from "@workshop/api/test-support/kept-mail.ts";
import { sampleJpeg } from "@workshop/api/test-support/test-images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAdminForm, signIn, staffCookie, testOwner } from "#e2e/support/admin.ts";
import { breakableShop } from "#e2e/support/breakable-shop.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { sendCustomRequest } from "./samples.ts";

/**
 * The Custom Orders tab as the workshop uses it, on a shop of its own (so the list holds only this
 * file's requests and the mail it keeps can be read): a customer sends a request with photos,
 * staff find it, read it, keep notes, move it on and write to the customer.
 */
let shop: RunningShop;
const russianStaff = { email: "olga-custom@workshop.test", password: "Ubud-custom-staff-2026-ru" } as const;
const apiToken = `custom-staff-${randomBytes(8).toString("hex")}`;

beforeAll(async () => {
  shop = await startShop({
    ADMIN_EMAIL: testOwner.email,
    ADMIN_PASSWORD: testOwner.password,
    ADMIN_API_TOKEN: apiToken,
    ...raisedRateLimits,
  });
  const owner = await staffCookie(shop.baseURL);
  const created = await postAdminForm(shop.baseURL, owner, "/admin/staff", {
    intent: "create",
    email: russianStaff.email,
    name: "Ольга",
    role: "staff",
    locale: "ru",
    choice: "own",
    password: russianStaff.password,
  });
  expect(created.status).toBeLessThan(400);
}, 120_000);
afterAll(async () => {
  await shop?.remove();
});

const { open } = useBrowser(() => shop.baseURL);

/** A request sent through the API, as the /custom page's script does. */
const sendRequest = (name: string) =>
  sendCustomRequest(shop.baseURL, { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com` });

let requestId = 0;
const customer = { name: "Kadek Photo", email: "kadek@example.com" };

describe("the Custom Orders tab", () => {
  it("a customer sends a request with two photos; staff find it (filter, pages), open it, see the photos, keep notes, move it, write to the customer", async () => {
    // Eleven earlier requests, so the tab has two pages.
    for (let i = 1; i <= 11; i++) await sendRequest(`Earlier Customer ${i}`);

    const visitor = await open("/custom");
    await hydrated(visitor);
    await visitor.getByLabel("Full name").fill(customer.name);
    await visitor.getByLabel("E-mail").fill(customer.email);
    await visitor.getByLabel("Hat type").selectOption("Panama Hat");
    await visitor.getByLabel("Material").selectOption("Woven Palm Leaf");
    await visitor.getByLabel("Size", { exact: true }).fill("57 cm");
    await visitor.getByLabel("Timeline").selectOption("Flexible");
    await visitor.getByLabel("Details").fill("Like my grandfather's panama, with a black band");
    const jpeg = await sampleJpeg();
    await visitor
      .locator("input[type=file]")
      .setInputFiles([1, 2].map((n) => ({ name: `ref-${n}.jpg`, mimeType: "image/jpeg", buffer: jpeg })));
    await expect.poll(() => visitor.locator("input[name=referenceImages]").count()).toBe(2);
    await visitor.getByRole("button", { name: "Submit Custom Order Request" }).click();
    await visitor.getByRole("status").filter({ hasText: "Thank you for your custom order request!" }).waitFor();

    const staff = await open("/admin/login");
    await signIn(staff, shop.baseURL, testOwner, "/admin");
    // The dashboard counts the new requests and links to them.
    expect(await staff.locator('[data-count="new-custom"]').textContent()).toBe("12");
    await staff.getByRole("link", { name: /New custom requests/ }).click();
    await staff.waitForURL("**/admin/custom-orders?status=NEW");
    await hydrated(staff);
    expect(await staff.getByRole("heading", { level: 1 }).textContent()).toBe("Custom Orders");
    for (const column of ["Date", "Customer", "Hat Type", "Status", "Actions"])
      await staff.getByRole("columnheader", { name: column }).waitFor();
    expect(await staff.getByText("Requests: 12").count()).toBe(1);
    expect(await staff.getByRole("row").count()).toBe(11); // the header and 10 requests
    const first = staff.getByRole("row").nth(1);
    expect(await first.textContent()).toContain(customer.name);
    expect(await first.textContent()).toContain("Panama Hat");
    expect(await first.textContent()).toContain("New");
    await staff.getByRole("link", { name: "Next" }).click();
    await staff.waitForURL("**/admin/custom-orders?status=NEW&page=2");
    expect(await staff.getByRole("row").count()).toBe(3);
    expect(await staff.getByText("Page 2 of 2").count()).toBe(1);
    await staff.getByRole("link", { name: "Previous" }).click();
    await staff.waitForURL("**/admin/custom-orders?status=NEW");

    await staff
      .getByRole("link", { name: /^View details of request #C\d+$/ })
      .first()
      .click();
    await staff.waitForURL(/\/admin\/custom-orders\/\d+\?back=status%3DNEW$/);
    requestId = Number(new URL(staff.url()).pathname.split("/").pop());
    await hydrated(staff);
    expect(await staff.getByRole("heading", { level: 1 }).textContent()).toBe(`Custom request #C${requestId}`);
    for (const section of ["Request Information", "Customer Information", "Hat Details", "Reference Images", "Admin Notes"])
      await staff.getByRole("heading", { name: section, level: 2 }).waitFor();
    const details = (await staff.locator("main").textContent()) ?? "";
    for (const text of [
      customer.name,
      customer.email,
      "N/A",
      "Panama Hat",
      "Woven Palm Leaf",
      "To be discussed",
      "$100 to $500",
      "Flexible",
    ])
      expect(details, text).toContain(text);

    // The photos show, and each opens full size: an image, for staff only.
    const photos = staff.getByRole("img", { name: /^Reference image \d of 2$/ });
    expect(await photos.count()).toBe(2);
    for (const image of await photos.all())
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const link = await staff.getByRole("link", { name: "Open reference image 1 of 2 full size" }).getAttribute("href");
    expect(link).toMatch(/^\/admin\/custom-orders\/photos\/[\w-]{32}\?expires=\d+&sig=[\w-]+$/);
    const full = await staff.context().request.get(`${shop.baseURL}${link}`);
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toBe("image/jpeg");
    expect((await full.body()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await fetch(`${shop.baseURL}${link}`, { redirect: "manual" })).status).toBe(302);

    // Admin Notes: saved, said so, still there after a reload.
    const notes = staff.getByRole("textbox", { name: /^Admin Notes/ });
    await notes.fill("Called Kadek: brim 7 cm, black grosgrain band.");
    await staff.getByRole("button", { name: "Save Notes" }).click();
    await staff.getByRole("status").filter({ hasText: "The notes are saved." }).waitFor();
    await staff.reload();
    expect(await staff.getByRole("textbox", { name: /^Admin Notes/ }).inputValue()).toBe("Called Kadek: brim 7 cm, black grosgrain band.");

    // Update Status: NEW → CONTACTED.
    await hydrated(staff);
    await staff.getByLabel("New status").selectOption("CONTACTED");
    await staff.getByRole("button", { name: "Update Status" }).click();
    await staff.getByRole("status").filter({ hasText: "The status is now Contacted." }).waitFor();
    expect(await staff.getByText("Current status: Contacted").count()).toBe(1);
    expect(await staff.getByLabel("New status").locator("option").allTextContents()).toEqual(["Quoted", "In Progress", "Cancelled"]);

    // Contact Customer: queued through the outbox, listed on the request with its send state.
    await staff.getByRole("textbox", { name: "Message" }).fill("Hello Kadek,\n\nwe can weave your panama by 20 December.");
    await staff.getByRole("button", { name: "Contact Customer" }).click();
    await staff
      .getByRole("status")
      .filter({ hasText: `Your e-mail is queued and will be sent to ${customer.email}.` })
      .waitFor();
    const mails = staff.getByRole("region", { name: "E-mails about this request" });
    await mails.getByText(`Your custom hat request #C${requestId}`, { exact: true }).waitFor();
    expect(await mails.textContent()).toMatch(/From staff · .* · to kadek@example\.com · (Waiting|Sending|Kept \(no mail server\)|Sent)/);
    await expect.poll(async () => (await keptMail(shop.dataDir, "custom-order-message")).length, { timeout: 20_000 }).toBe(1);
    const [kept] = await keptMail(shop.dataDir, "custom-order-message");
    expect(mailHeader(kept!, "To")).toBe(customer.email);
    expect(mailHeader(kept!, "Subject")).toBe(`Your custom hat request #C${requestId}`);
    await staff.reload();
    await expect
      .poll(() => staff.getByRole("region", { name: "E-mails about this request" }).textContent(), { timeout: 20_000 })
      .toContain("Kept (no mail server)");

    // Every change is in the request's audit trail.
    const changes = (await staff.getByRole("region", { name: "Changes" }).textContent()) ?? "";
    for (const what of ["Custom request status changed", "Custom request notes saved", "Custom request customer e-mailed"])
      expect(changes, what).toContain(what);

    // Back to the list, filtered by the new status: only this request.
    await staff.getByRole("link", { name: "Back to Custom Orders" }).click();
    await staff.waitForURL("**/admin/custom-orders?status=NEW");
    await staff.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Contacted" }).click();
    await staff.waitForURL("**/admin/custom-orders?status=CONTACTED");
    expect(await staff.getByRole("row").count()).toBe(2);
    expect(await staff.getByRole("row").nth(1).textContent()).toContain(customer.name);
    await staff.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Completed" }).click();
    await staff.getByText("No custom orders found.").waitFor();
  }, 120_000);

  it("refuses a stale form and a move the status machine does not allow, with a message and nothing changed", async () => {
    const cookie = await staffCookie(shop.baseURL);
    // The form was shown while the request was NEW; it is CONTACTED now.
    const stale = await postAdminForm(shop.baseURL, cookie, `/admin/custom-orders/${requestId}`, {
      intent: "status",
      expected: "NEW",
      next: "CANCELLED",
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Someone else changed this request meanwhile; nothing was changed.");
    const backwards = await postAdminForm(shop.baseURL, cookie, `/admin/custom-orders/${requestId}`, {
      intent: "status",
      expected: "CONTACTED",
      next: "NEW",
    });
    expect(backwards.status).toBe(409);
    expect(await backwards.text()).toContain("This status change is not allowed.");
    const page = await (await fetch(`${shop.baseURL}/admin/custom-orders/${requestId}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Current status: Contacted");
  });

  it("GET /api/custom-orders filters by status for staff; an unknown status is 400 {error}", async () => {
    const get = (query: string, headers: Record<string, string> = { Authorization: `Bearer ${apiToken}` }) =>
      fetch(`${shop.baseURL}/api/custom-orders${query}`, { headers });
    const contacted = await get("?status=CONTACTED&limit=5");
    expect(contacted.status).toBe(200);
    const body = (await contacted.json()) as { customOrders: { id: number; status: string }[]; pagination: object };
    expect(body.customOrders.map((c) => [c.id, c.status])).toEqual([[requestId, "CONTACTED"]]);
    expect(body.pagination).toEqual({ page: 1, limit: 5, total: 1, totalPages: 1 });
    const fresh = (await (await get("?status=NEW&page=2")).json()) as { customOrders: unknown[]; pagination: { total: number } };
    expect(fresh.pagination.total).toBe(11);
    expect(fresh.customOrders).toHaveLength(1);
    const unknown = await get("?status=SHIPPED");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "status must be one of NEW, CONTACTED, QUOTED, IN_PROGRESS, COMPLETED, CANCELLED" });
    expect((await get("?status=NEW", {})).status).toBe(401);
  });

  it("works without JavaScript: notes save and the status changes", async () => {
    const page = await open("/admin/login", { javaScript: false });
    await signIn(page, shop.baseURL, testOwner, "/admin");
    await page.goto(`/admin/custom-orders/${requestId}`);
    const notes = page.getByRole("textbox", { name: /^Admin Notes/ });
    await notes.fill("Quote sent by phone: $180, deposit 50%.");
    await page.getByRole("button", { name: "Save Notes" }).click();
    await page.getByRole("status").filter({ hasText: "The notes are saved." }).waitFor();
    expect(await page.getByRole("textbox", { name: /^Admin Notes/ }).inputValue()).toBe("Quote sent by phone: $180, deposit 50%.");
    await page.getByLabel("New status").selectOption("QUOTED");
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByRole("status").filter({ hasText: "The status is now Quoted." }).waitFor();
    await page.reload();
    expect(await page.getByText("Current status: Quoted").count()).toBe(1);
    expect(await page.getByRole("textbox", { name: /^Admin Notes/ }).inputValue()).toBe("Quote sent by phone: $180, deposit 50%.");
  });

  it("refuses the request's page and its actions to a visitor who is not staff", async () => {
    const before = await (
      await fetch(`${shop.baseURL}/admin/custom-orders/${requestId}`, { headers: { Cookie: await staffCookie(shop.baseURL) } })
    ).text();
    for (const url of [`/admin/custom-orders/${requestId}`, "/admin/custom-orders"]) {
      const page = await fetch(`${shop.baseURL}${url}`, { redirect: "manual" });
      expect(page.status, url).toBe(302);
      expect(page.headers.get("location")).toMatch(/^\/admin\/login\?next=/);
    }
    for (const fields of [
      { intent: "notes", notes: "defaced", version: "x" } as Record<string, string>,
      { intent: "status", expected: "QUOTED", next: "CANCELLED" },
      { intent: "contact", subject: "Hi", text: "spam", nonce: "abcdefghijklmnopqrstuvwx" },
    ]) {
      const response = await fetch(`${shop.baseURL}/admin/custom-orders/${requestId}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: shop.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      expect(response.status, fields.intent).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/admin\/login\?next=/);
    }
    // A signed-in person's form without the session's token (another site posting it) changes nothing either.
    const cookie = await staffCookie(shop.baseURL);
    const forged = await fetch(`${shop.baseURL}/admin/custom-orders/${requestId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: shop.baseURL, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "notes", notes: "defaced", version: "x" }),
    });
    expect(forged.status).toBe(403);
    const after = await (await fetch(`${shop.baseURL}/admin/custom-orders/${requestId}`, { headers: { Cookie: cookie } })).text();
    expect(after).not.toContain("defaced");
    expect(after).toContain("Current status: Quoted");
    expect(before).toContain("Current status: Quoted");
    // An unknown request and a malformed id are 404.
    for (const id of ["999999", "abc", "00000000-0000-4000-8000-000000000000"])
      expect((await fetch(`${shop.baseURL}/admin/custom-orders/${id}`, { headers: { Cookie: cookie } })).status, id).toBe(404);
  });

  it("list and request page: axe finds nothing serious, at 390 and 1280 px, in English and Russian", async () => {
    const dir = process.env.SCREENSHOT_DIR;
    for (const [who, lang] of [
      [testOwner, "en"],
      [russianStaff, "ru"],
    ] as const) {
      for (const width of [390, 1280]) {
        const page = await open("/admin/login", { width });
        await signIn(page, shop.baseURL, who);
        for (const url of ["/admin/custom-orders", `/admin/custom-orders/${requestId}`]) {
          await page.goto(url);
          await hydrated(page);
          expect(await page.locator("html").getAttribute("lang")).toBe(lang);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect.soft(overflow, `${url} at ${width}: wider than the window`).toBeLessThanOrEqual(1);
          await expectAccessible(page);
          if (dir) {
            await mkdir(dir, { recursive: true });
            await page.screenshot({ path: path.join(dir, `custom-${lang}${url.replace(/\W+/g, "_")}-${width}.png`), fullPage: true });
          }
        }
        if (lang === "ru") {
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Заявка #C${requestId}`);
          expect(await page.getByRole("button", { name: "Написать клиенту" }).count()).toBe(1);
        }
        await page.context().close();
      }
    }
  }, 240_000);
});

describe("when the database cannot answer", () => {
  const broken = breakableShop("custom", { ...testOwner, name: "Owner" });

  it("says 'Failed to load custom orders. Please try again later.' with Try Again (503), and loads again once it can", async (context) => {
    const failing = broken.shop();
    if (!failing) return context.skip();
    const cookie = await staffCookie(failing.baseURL);
    await broken.withoutTable("custom_orders", async () => {
      const response = await fetch(`${failing.baseURL}/admin/custom-orders?status=QUOTED`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Failed to load custom orders. Please try again later.");
      expect(html).toMatch(/<a href="\/admin\/custom-orders\?status=QUOTED"[^>]*>Try Again<\/a>/);
    });
    const again = await fetch(`${failing.baseURL}/admin/custom-orders?status=QUOTED`, { headers: { Cookie: cookie } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("No custom orders found.");
  });
});
