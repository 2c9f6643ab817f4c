import { deliveryCostCents } from "@workshop/domain/delivery.ts";
import { baliAddress } from "@workshop/testing/sample-orders.ts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { depositPaidOrder } from "./support/deposit-order.ts";
import { newStaffMember, placeCashOrder } from "./support/orders.ts";
import { ownerName, signedInTabs, testOwner } from "./support/staff.ts";

const browser = useBrowser();
const widths = [1280, 390] as const;
/** Codes the shop stores that no person should have to read. */
const rawCodes = /\b(CASH_IN_STORE|AWAITING_PREPAYMENT|SUCCEEDED|PENDING|PROCESSING|DEPOSIT_PAID|NEW|QUOTED|LION_PARCEL|DHL|BCA)\b/;
const anEmail = /[\w.+-]+@[\w-]+\.[\w.-]+/;

type Person = { email: string; password: string };
let wayanRu: Person;
let ownerRu: Person;
/** A cash order Wayan marked paid: what the order's history and the audit log both read. */
let paidByWayan: { id: string; orderNumber: string };

/** The page's text (a list's phone cards and its desktop table both: each must read right). */
const shown = async (page: Page) => (await page.locator("main").textContent()) ?? "";
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

const tab = signedInTabs(browser.open, () => ({ apiURL: apiURL(), consoleURL: consoleURL() }));

/**
 * A page opened by a signed-in person at a width, drawn with its level-1 heading: that person's
 * one tab at that width, so the page it last gave is left for this address.
 */
async function opened(who: Person, path: string, width: number): Promise<Page> {
  const page = await tab(who, path, { width });
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

/** The plural form a count takes: English one/other; Russian one/few/many (1 аккаунт, 2 аккаунта, 5 аккаунтов). */
function counted(n: number, forms: { en: [string, string]; ru: [string, string, string] }, locale: "en" | "ru"): string {
  if (locale === "en") return `${n} ${n === 1 ? forms.en[0] : forms.en[1]}`;
  const [one, few, many] = forms.ru;
  const tens = n % 100;
  const form = n % 10 === 1 && tens !== 11 ? one : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(tens) ? few : many;
  return `${n} ${form}`;
}

beforeAll(async () => {
  wayanRu = await newStaffMember("ru");
  ownerRu = await newStaffMember("ru", "owner");
  paidByWayan = await placeCashOrder();
  // Wayan, a Russian-speaking staff member, takes the cash at the workshop.
  const desk = await opened(wayanRu, `/admin/orders/${paidByWayan.id}`, 1280);
  await desk.getByRole("button", { name: "Отметить оплату" }).click();
  await desk.getByRole("button", { name: "Да, оплачен" }).click();
  // In a hook, where expect.poll cannot run: Playwright waits for the words.
  await desk.getByRole("status").filter({ hasText: "Заказ отмечен оплаченным." }).waitFor();
});

describe("an order's history and changes in the console", () => {
  it("read as words in the staff's language, people by name, dates as the console writes them, on a phone and a desktop", async () => {
    const order = paidByWayan;

    const expected = {
      ru: {
        who: wayanRu,
        history: ["Оформлен · Наличными в мастерской", "Оплата принята в мастерской · Wayan"],
        changes: ["Отмечен как оплаченный · Wayan", "Статус: Ожидает → В обработке", "Оплата: Ждём наличные → Оплачен"],
        regions: ["История", "Изменения"],
        estimate: /Срок при заказе\s*\d{1,2} [а-я]{3,4}\.? \d{4} – \d{1,2} [а-я]{3,4}\.? \d{4}/,
      },
      en: {
        who: testOwner,
        history: ["Placed · Cash in store", "Marked paid in the workshop · Wayan"],
        changes: ["Marked as paid · Wayan", "Status: Pending → Processing", "Payment: Awaiting cash → Paid"],
        regions: ["History", "Changes"],
        estimate: /Estimated when ordered\s*[A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}/,
      },
    };
    for (const [locale, want] of Object.entries(expected))
      for (const width of widths) {
        const page = await opened(want.who, `/admin/orders/${order.id}`, width);
        const [history, changes] = want.regions.map((name) => region(page, name));
        await expect.poll(() => changes!.textContent()).toContain(want.changes[0]);
        const text = `${await history!.textContent()}\n${await changes!.textContent()}`;
        for (const line of [...want.history, ...want.changes]) expect(text, `${locale} ${width}`).toContain(line);
        expect(text).not.toMatch(rawCodes);
        expect(text).not.toMatch(anEmail);
        expect(await shown(page)).toMatch(want.estimate);
        expect(await scrollsSideways(page)).toBe(false);
        if (width === 1280) await expectAccessible(page);
      }
  });
});

describe("the audit log", () => {
  it("shows each change as labelled lines in the owner's language and names people by name", async () => {
    const order = paidByWayan;

    const expected = {
      en: { who: testOwner, lines: ["Wayan", "Marked as paid", "Status: Pending → Processing", "Payment: Awaiting cash → Paid"] },
      ru: { who: ownerRu, lines: ["Wayan", "Отмечен как оплаченный", "Статус: Ожидает → В обработке", "Оплата: Ждём наличные → Оплачен"] },
    };
    for (const [locale, want] of Object.entries(expected))
      for (const width of widths) {
        const page = await opened(want.who, `/admin/audit?type=order&record=${order.id}`, width);
        await expect.poll(() => shown(page)).toContain(want.lines[0]);
        const text = await shown(page);
        for (const line of want.lines) expect(text, `${locale} ${width}`).toContain(line);
        // Nobody by e-mail: not in the rows, not in the person filter.
        expect(text.slice(text.indexOf(want.lines[1]!))).not.toMatch(anEmail);
        expect(text).not.toMatch(/\b(status|paymentStatus): /);
        const people = await page.locator("select[name=person] option").allTextContents();
        expect(people).toContain("Wayan");
        expect(people).toContain(ownerName);
        expect(people.filter((p) => anEmail.test(p))).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
        if (width === 1280) await expectAccessible(page);
      }
  });
});

describe("a custom request, its quote and the quote's order", () => {
  it("say the timeline and the production time in the staff's language, the last day as the console writes dates, and the order's statuses by label", async () => {
    const customer = await browser.open();
    const order = await depositPaidOrder(customer);
    const staff = { headers: { Authorization: `Bearer ${inject("staffToken")}` } };
    const quotes = (await (await fetch(`${apiURL()}/api/admin/custom-orders/${order.requestId}/quotes`, staff)).json()) as {
      quotes: { validUntil: string }[];
    };
    // The quote's last day in Bali, as the console writes days: Dec 13, 2026 / 13 дек. 2026.
    const lastDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Makassar" }).format(new Date(quotes.quotes[0]!.validUntil));
    const [y, m, d] = lastDay.split("-").map(Number) as [number, number, number];
    const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString("en-US", { month: "short", timeZone: "UTC" });

    const expected = {
      ru: {
        who: wayanRu,
        time: "3–4 недели",
        hat: "Шляпа",
        until: new RegExp(`Действует до\\s*${d} [а-я]{3,4}\\.? ${y}(?!\\d)`),
        sections: ["Заявка", "Предложения", "Заказы по заявке"],
      },
      en: {
        who: testOwner,
        time: "3–4 weeks",
        hat: "Hat Details",
        until: new RegExp(`Valid until\\s*${month} ${d}, ${y}(?!\\d)`),
        sections: ["The request", "Quotes", "Orders from this request"],
      },
    };
    // Long dates, the way the quote page wrote them: "December 13, 2026", "13 декабря 2026 г.".
    const longDate = /\b(January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}|\d{4} г\./;
    for (const [locale, want] of Object.entries(expected))
      for (const width of widths) {
        const request = await opened(want.who, `/admin/custom-orders/${order.requestId}`, width);
        // The hat as asked for (the e-mails below keep their text as sent).
        const hat = region(request, want.hat);
        await expect.poll(() => hat.textContent()).toContain(want.time);
        expect(await hat.textContent()).not.toContain("3-4 weeks");
        expect(await scrollsSideways(request)).toBe(false);

        const page = await opened(want.who, `/admin/custom-orders/${order.requestId}/quote`, width);
        const [asked, quoted, orders] = want.sections.map((name) => region(page, name));
        // The request's timeline and the quote's production time: both in words, never as stored.
        expect(await asked!.textContent(), `${locale} ${width}`).toContain(want.time);
        expect(await quoted!.textContent()).toContain(want.time);
        const text = await shown(page);
        expect(text).not.toContain("3-4 weeks");
        expect(text).toMatch(want.until);
        expect(text).not.toMatch(longDate);
        expect(await orders!.textContent()).toContain(order.orderNumber);
        expect(await orders!.textContent()).not.toMatch(rawCodes);
        expect(await scrollsSideways(page)).toBe(false);
        if (width === 1280) await expectAccessible(page);
      }
    // The order from the quote: its history says where it came from, in words.
    const page = await opened(wayanRu, `/admin/orders/${order.id}`, 390);
    expect(await region(page, "История").textContent()).toContain(
      `Оформлен по предложению v1 к заявке #C${order.requestId} · Виртуальный счёт BCA`,
    );
  });
});

describe("counts, and the account's page", () => {
  it("say 1 account, 2 accounts; 1 аккаунт, 2 аккаунта, 5 аккаунтов; and so for orders", async () => {
    for (const [locale, who] of [
      ["en", testOwner],
      ["ru", ownerRu],
    ] as const)
      for (const width of widths) {
        const page = await opened(who, "/admin/staff", width);
        const accounts = await page.locator("table tbody tr").count();
        expect(accounts).toBeGreaterThan(1);
        const said = counted(accounts, { en: ["account", "accounts"], ru: ["аккаунт", "аккаунта", "аккаунтов"] }, locale);
        await expect.poll(() => page.getByText(said, { exact: true }).isVisible()).toBe(true);
        expect(await scrollsSideways(page)).toBe(false);

        await page.goto(`${consoleURL()}/admin`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        // Each money tile: "2 orders · Payments received since Monday…".
        const tiles = await page.getByText(/^\d+ \S+ · /).allTextContents();
        expect(tiles.length).toBeGreaterThan(0);
        for (const tile of tiles) {
          const [, n, noun] = /^(\d+) (\S+) · /.exec(tile)!;
          expect(`${n} ${noun}`).toBe(counted(Number(n), { en: ["order", "orders"], ru: ["заказ", "заказа", "заказов"] }, locale));
        }
      }
  });

  it("names the account's tab and its page alike in each language", async () => {
    for (const [who, name] of [
      [testOwner, "Account"],
      [wayanRu, "Профиль"],
    ] as const)
      for (const width of widths) {
        const page = await opened(who, "/admin", width);
        await page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
        expect(await page.title()).toBe(name);
        expect(await scrollsSideways(page)).toBe(false);
      }
  });
});

describe("the orders list's search", () => {
  it("finds an order by its hat's English or Russian name, in part and in any case", async () => {
    const products = (await (await fetch(`${apiURL()}/api/products`)).json()) as {
      id: number;
      price: number;
      inStock: boolean;
      sizes: { sizeInCm: number }[];
    }[];
    const hat = products.filter((p) => p.inStock)[3]!;
    const named = async (lang: string) =>
      ((await (await fetch(`${apiURL()}/api/shop/products/${hat.id}?lang=${lang}`)).json()) as { product: { name: string } }).product.name;
    const [english, russian] = [await named("en"), await named("ru")];
    expect(russian).not.toBe(english);
    const cost = deliveryCostCents("LION_PARCEL") / 100;
    const placed = await fetch(`${apiURL()}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        productId: hat.id,
        selectedSize: hat.sizes[0]!.sizeInCm,
        price: hat.price,
        shippingAddress: baliAddress,
        shipping: { method: "LION_PARCEL", cost },
        total: hat.price + cost,
        paymentMethod: "CASH_IN_STORE",
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderNumber } = (await placed.json()) as { orderNumber: string };
    // The middle of each name: a part, in the other case.
    const part = (name: string, upper: boolean) => {
      const middle = name.slice(Math.floor(name.length / 4), Math.ceil((name.length * 3) / 4)).trim();
      return upper ? middle.toUpperCase() : middle.toLowerCase();
    };
    for (const [who, q] of [
      [testOwner, part(english, false)],
      [wayanRu, part(russian, true)],
    ] as const)
      for (const width of widths) {
        const page = await opened(who, `/admin/orders?q=${encodeURIComponent(q)}`, width);
        await expect.poll(() => shown(page), { message: q }).toContain(orderNumber);
        expect(await scrollsSideways(page)).toBe(false);
      }
  });
});
