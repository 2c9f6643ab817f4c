import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@workshop/api/db/client.ts";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, signIn, staffCookie } from "#e2e/support/admin.ts";
import { breakableShop } from "#e2e/support/breakable-shop.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { baliAddress, orderPayload } from "./samples.ts";

const { open } = useBrowser();

/**
 * A shop of its own, so the counts and lists hold only this file's orders, with an owner account
 * written into its database before it starts.
 */
const owner: Credentials = { email: "lists@workshop.test", password: "Ubud-orders-list-2026" };
const russian: Credentials = { email: "spiski@workshop.test", password: "Ubud-spiski-zakazov-2026" };
const staffToken = `orders-list-${randomBytes(8).toString("hex")}`;
let shop: RunningShop;
const baseURL = () => shop.baseURL;
const staff = () => ({ Authorization: `Bearer ${staffToken}` });

async function ownerRow() {
  return { email: owner.email, name: "List Owner", role: "owner", locale: "en", passwordHash: await hashPassword(owner.password) };
}

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-orders-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await database.db
    .insertInto("staffAccounts")
    .values([
      await ownerRow(),
      { email: russian.email, name: "Ольга", role: "staff", locale: "ru", passwordHash: await hashPassword(russian.password) },
    ])
    .execute();
  await database.close();
  shop = await startShop({ ADMIN_API_TOKEN: staffToken, ...raisedRateLimits }, dataDir);
}, 120_000);
afterAll(() => shop?.remove());

// Orders of this file's own customers, found by a search no other order matches.
const tag = `Kite${randomBytes(3).toString("hex")}`;
const placed: { id: string; orderNumber: string; name: string }[] = [];

/** An order by BCA from New York, or (cash) one paid in cash at the workshop by a customer in Bali. */
async function placeOrder(name: string, email: string, cash = false): Promise<{ id: string; orderNumber: string }> {
  const payload = await orderPayload(baseURL());
  const body = cash
    ? {
        ...payload,
        shippingAddress: { ...baliAddress, fullName: name, email },
        shipping: { method: "PICKUP", cost: 0 },
        paymentMethod: "CASH_IN_STORE",
        total: payload.price,
      }
    : { ...payload, shippingAddress: { ...payload.shippingAddress, fullName: name, email } };
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; orderNumber: string };
}

async function markPaid(id: string) {
  const response = await fetch(`${baseURL()}/api/orders/update-payment-status?orderId=${id}`, {
    method: "PATCH",
    headers: { ...staff(), "Content-Type": "application/json" },
    body: JSON.stringify({ paymentStatus: "SUCCEEDED" }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  // Twelve orders, the first made first (so the newest is the last); the third and sixth paid in cash.
  for (let i = 1; i <= 12; i++) {
    const name = i === 12 ? `=cmd|${tag} Formula` : `${tag} Customer ${String(i).padStart(2, "0")}`;
    const order = await placeOrder(name, `${tag.toLowerCase()}-${i}@example.com`, i === 3 || i === 6);
    placed.push({ ...order, name });
  }
  await markPaid(placed[2]!.id);
  await markPaid(placed[5]!.id);
});

const totalOn = async (path: string, cookie: string) => {
  const html = await (await fetch(`${baseURL()}${path}`, { headers: { Cookie: cookie } })).text();
  if (html.includes("No orders found.")) return 0;
  const match = html.match(/([\d,]+)<!-- --> orders|([\d,]+) orders/);
  if (!match) throw new Error(`No total on ${path}`);
  return Number((match[1] ?? match[2])!.replace(/,/g, ""));
};

describe("the admin's orders list", () => {
  it("searches, pages newest first and keeps the search in the page links", async () => {
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, "/admin/orders");
    await page.getByLabel("Search").fill(tag.toUpperCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === tag.toUpperCase());
    await expect(page.getByText("12 orders").isVisible()).resolves.toBe(true);
    const rows = page.locator("tbody tr");
    await expect(rows.count()).resolves.toBe(10);
    // Newest first: the last order placed leads.
    await expect(rows.first().textContent()).resolves.toContain(placed[11]!.orderNumber);
    await expectAccessible(page);
    const link = page.getByRole("link", { name: `View details of order ${placed[11]!.orderNumber}` });
    await expect(link.getAttribute("href")).resolves.toBe(`/admin/orders/${placed[11]!.id}`);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(new URL(page.url()).searchParams.get("q")).toBe(tag.toUpperCase());
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.last().textContent()).resolves.toContain(placed[0]!.orderNumber);
    await expect(page.getByText("Page 2 of 2").isVisible()).resolves.toBe(true);
  });

  it("filters by status and payment and changes the page size, without JavaScript", async () => {
    const page = await open(`${baseURL()}/admin/login`, { javaScript: false });
    await signIn(page, baseURL(), owner, `/admin/orders?q=${tag}`);
    await page.getByLabel("Status").selectOption("PROCESSING");
    await page.getByLabel(/^Payment/).selectOption("SUCCEEDED");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "PROCESSING");
    const rows = page.locator("tbody tr");
    await expect(rows.count()).resolves.toBe(2);
    const text = await page.locator("tbody").textContent();
    expect(text).toContain(placed[2]!.orderNumber);
    expect(text).toContain(placed[5]!.orderNumber);
    expect(text).toContain("Processing");
    expect(text).toContain("Paid");

    await page.goto(`${baseURL()}/admin/orders?q=${tag}&limit=25`);
    await expect(rows.count()).resolves.toBe(12);
    await expect(page.getByLabel("Per page").inputValue()).resolves.toBe("25");
    await expect(page.getByRole("navigation", { name: "Pages" }).count()).resolves.toBe(0);

    await page.goto(`${baseURL()}/admin/orders?q=${tag}&status=CANCELLED`);
    await expect(page.getByText("No orders found.").isVisible()).resolves.toBe(true);
    // A page past the last: nothing there, and the page links lead back.
    await page.goto(`${baseURL()}/admin/orders?q=${tag}&page=9`);
    await expect(page.getByText("No orders found.").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Previous" }).getAttribute("href")).resolves.toBe(`/admin/orders?q=${tag}`);
    // A value the shop does not know is no filter at all, never an error.
    await page.goto(`${baseURL()}/admin/orders?q=${tag}&status=NOPE&limit=7&page=-3`);
    await expect(rows.count()).resolves.toBe(10);
  });

  it("answers a NUL, wildcards or 500 characters in the search like any other search", async () => {
    const cookie = await staffCookie(baseURL(), owner);
    for (const q of ["%00", `${tag}%00`, "%25%25", "_", "\\", "a".repeat(500), `'; drop table orders; --`]) {
      const response = await fetch(`${baseURL()}/admin/orders?q=${encodeURIComponent(q)}`, { headers: { Cookie: cookie } });
      expect(response.status, q).toBeLessThan(500);
      const api = await fetch(`${baseURL()}/api/orders?q=${encodeURIComponent(q)}`, { headers: staff() });
      expect(api.status, q).toBeLessThan(500);
    }
    const wildcard = await fetch(`${baseURL()}/api/orders?q=${encodeURIComponent("%")}`, { headers: staff() });
    expect(((await wildcard.json()) as { pagination: { total: number } }).pagination.total).toBe(0);
  });

  it("speaks Russian to a person whose admin language is Russian", async () => {
    const page = await open(`${baseURL()}/admin/login`, { javaScript: false });
    await signIn(page, baseURL(), russian, `/admin/orders?q=${tag}&status=PROCESSING`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Заказы");
    await expect(page.getByText("Заказов: 2").isVisible()).resolves.toBe(true);
    const text = await page.locator("tbody").textContent();
    expect(text).toContain("В обработке");
    expect(text).toContain("Оплачен");
    await expect(page.getByRole("link", { name: `Подробнее о заказе ${placed[2]!.orderNumber}` }).count()).resolves.toBe(1);
    await page.goto(`${baseURL()}/admin/orders?q=${tag}&status=CANCELLED`);
    await expect(page.getByText("Заказы не найдены.").isVisible()).resolves.toBe(true);
    await page.goto(`${baseURL()}/admin`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Сводка");
    await expect(page.getByText("К изготовлению").isVisible()).resolves.toBe(true);
    const csv = await fetch(`${baseURL()}/admin/orders.csv?q=${tag}`, { headers: { Cookie: await staffCookie(baseURL(), russian) } });
    expect((await csv.text()).split("\n")[0]).toMatch(/^\uFEFF?Номер заказа,Дата \(время Бали\)/);
  });

  it("fits a 390 px phone: no page-wide sideways scrolling", async () => {
    const page = await open(`${baseURL()}/admin/login`, { width: 390, height: 844 });
    await signIn(page, baseURL(), owner, `/admin/orders?q=${tag}`);
    await hydrated(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("link", { name: `View details of order ${placed[11]!.orderNumber}` }).isVisible()).resolves.toBe(true);
  });

  it("exports every matching order as CSV with a BOM, formulas defused, for staff only", async () => {
    const cookie = await staffCookie(baseURL(), owner);
    const response = await fetch(`${baseURL()}/admin/orders.csv?q=${tag}&limit=10&page=2`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split("\n");
    expect(lines).toHaveLength(13);
    expect(lines[0]).toMatch(/^Order number,Date \(Bali time\),Status/);
    expect(lines[1]).toContain(`'=cmd|${tag} Formula`);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(placed.map((p) => p.orderNumber).reverse());

    const anonymous = await fetch(`${baseURL()}/admin/orders.csv?q=${tag}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login\?next=/);
  });

  it("downloads the CSV from the page's Export link", async () => {
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, `/admin/orders?q=${tag}&status=PROCESSING`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
    expect(text.trim().split("\n")).toHaveLength(3);
  });
});

describe("the dashboard", () => {
  it("counts what needs the workshop, each count the total of the list it opens", async () => {
    const cookie = await staffCookie(baseURL(), owner);
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await expectAccessible(page);
    await expect(page.locator("a [data-count]").count()).resolves.toBe(8);
    const before = Number(await page.locator('[data-count="new-today"]').textContent());
    expect(before).toBeGreaterThanOrEqual(12);
    for (const key of ["new-today", "awaiting-payment", "to-make", "to-ship", "cash-expiring", "flagged"]) {
      const tile = page.locator(`a:has([data-count="${key}"])`);
      const href = (await tile.getAttribute("href"))!;
      const count = Number(await tile.locator("[data-count]").textContent());
      expect(await totalOn(href, cookie), key).toBe(count);
    }
    await expect(page.locator('a:has([data-count="unread"])').getAttribute("href")).resolves.toBe("/admin/inbox");
    // Custom requests still New: the tab filtered by that status (none on this shop: its empty state).
    const custom = page.locator('a:has([data-count="new-custom"])');
    await expect(custom.getAttribute("href")).resolves.toBe("/admin/custom-orders?status=NEW");
    expect(await custom.locator("[data-count]").textContent()).toBe("0");
    const customList = await (await fetch(`${baseURL()}/admin/custom-orders?status=NEW`, { headers: { Cookie: cookie } })).text();
    expect(customList).toContain("No custom orders found.");

    await placeOrder("Late Customer", "late@example.com");
    await page.reload();
    expect(Number(await page.locator('[data-count="new-today"]').textContent())).toBeGreaterThan(before);
  });
});

describe("the staff orders API", () => {
  it("lists with the list's filters for a token or a staff session, and refuses unknown values", async () => {
    const byToken = await fetch(`${baseURL()}/api/orders?q=${tag}&status=PROCESSING`, { headers: staff() });
    expect(byToken.status).toBe(200);
    const body = (await byToken.json()) as { orders: { orderNumber: string; total: number }[]; pagination: unknown };
    expect(body.orders.map((o) => o.orderNumber).sort()).toEqual([placed[2]!.orderNumber, placed[5]!.orderNumber].sort());
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });

    const cookie = await staffCookie(baseURL(), owner);
    const bySession = await fetch(`${baseURL()}/api/orders?q=${tag}&limit=5&page=3`, { headers: { Cookie: cookie } });
    expect(bySession.status).toBe(200);
    expect(((await bySession.json()) as { pagination: unknown }).pagination).toEqual({ page: 3, limit: 5, total: 12, totalPages: 3 });

    const wrong = await fetch(`${baseURL()}/api/orders?status=BOGUS`, { headers: staff() });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: expect.stringContaining("status") });
    expect((await fetch(`${baseURL()}/api/orders?q=${tag}`)).status).toBe(401);
  });

  it("shows one order with its payments, history and notes; 404 for an unknown or malformed id, 401 for strangers", async () => {
    const order = placed[2]!;
    const response = await fetch(`${baseURL()}/api/orders/${order.id}`, { headers: staff() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown> & { history: { paymentStatus: string }[] };
    expect(body).toMatchObject({ id: order.id, orderNumber: order.orderNumber, status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    expect(body).toHaveProperty("paymentAttempts");
    expect(body).toHaveProperty("notes", []);
    expect(body.history.map((e) => e.paymentStatus)).toContain("SUCCEEDED");
    expect(body).not.toHaveProperty("accessToken");

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "1%27%20or%201=1"]) {
      const missing = await fetch(`${baseURL()}/api/orders/${id}`, { headers: staff() });
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toEqual({ error: "Order not found" });
    }
    const anonymous = await fetch(`${baseURL()}/api/orders/${order.id}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty("error");
  });
});

describe("when the database cannot answer", () => {
  const broken = breakableShop("orders", { ...owner, name: "List Owner" });

  it("says 'Failed to load orders. Please try again later.' with Try Again, status 503", async (context) => {
    const failing = broken.shop();
    if (!failing) return context.skip();
    const cookie = await staffCookie(failing.baseURL, owner);
    await broken.withoutTable("orders", async () => {
      const response = await fetch(`${failing.baseURL}/admin/orders?status=SHIPPED`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Failed to load orders. Please try again later.");
      expect(html).toMatch(/<a href="\/admin\/orders\?status=SHIPPED"[^>]*>Try Again<\/a>/);
      const csv = await fetch(`${failing.baseURL}/admin/orders.csv`, { headers: { Cookie: cookie } });
      expect(csv.status).toBe(503);
      expect(await csv.text()).toBe("The export could not be made. Please try again later.");
      const dashboard = await fetch(`${failing.baseURL}/admin`, { headers: { Cookie: cookie } });
      expect(dashboard.status).toBe(503);
      expect(await dashboard.text()).toContain("Failed to load the dashboard. Please try again later.");
    });
    const again = await fetch(`${failing.baseURL}/admin/orders?status=SHIPPED`, { headers: { Cookie: cookie } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("No orders found.");
  });
});
