import { mkdir } from "node:fs/promises";
import path from "node:path";
import { orderPayload } from "@workshop/testing/sample-orders.ts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { depositPaidOrder } from "./support/deposit-order.ts";
import { newStaffMember } from "./support/orders.ts";
import { signIn, testOwner } from "./support/staff.ts";

/** An owner records a return and refunds part of an order, through Xendit at 1280 px and by hand at 390 px (decision 047). */

const browser = useBrowser();
const staff = () => ({ Authorization: `Bearer ${inject("staffToken")}`, "Content-Type": "application/json" });
const post = (url: string, body: unknown) => fetch(`${apiURL()}${url}`, { method: "POST", headers: staff(), body: JSON.stringify(body) });
const get = async <T>(url: string) => (await (await fetch(`${apiURL()}${url}`, { headers: staff() })).json()) as T;

type Refunds = { returns: { proposals: { RETURN: { cents: number } } } };
type RefundsAnswer = {
  payments: { paymentAttemptId: string; leftUsdCents: number; [field: string]: unknown }[];
  refunds: { status: string }[];
  returns: { recorded: { proposedCents: number; feeCents: number } | null };
};

/** Refunds through the API and waits for the sandbox's Xendit to settle it. */
async function refundAndWait(orderId: string, body: Record<string, unknown>) {
  const made = await post(`/api/orders/${orderId}/refunds`, body);
  expect(made.status, await made.clone().text()).toBe(201);
  await expect
    .poll(async () => (await get<RefundsAnswer>(`/api/orders/${orderId}/refunds`)).refunds.every((r) => r.status === "SUCCEEDED"), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** An order's delivery cost in US cents, as the API gives it (SPEC 7: dollars). */
async function orderCosts(orderId: string): Promise<{ deliveryCents: number }> {
  const order = await get<{ shipping: { cost: number } }>(`/api/orders/${orderId}`);
  return { deliveryCents: Math.round(order.shipping.cost * 100) };
}

/** Pays what the order owes now with `channel`, the bank's part played by the sandbox. */
async function payInSandbox(orderId: string, channel: string) {
  const payment = await post("/api/xendit/payment-request", { orderId, channelCode: channel });
  expect(payment.status, await payment.clone().text()).toBe(201);
  const { xenditPaymentId } = (await payment.json()) as { xenditPaymentId: string };
  expect((await post(`/_sandbox/xendit/_control/payment_requests/${xenditPaymentId}/pay`, {})).ok).toBe(true);
}

/** The order's payment status once the sandbox's webhook, applied by a job, has made it `status`. */
async function paymentBecomes(orderId: string, status: string) {
  await expect
    .poll(async () => (await get<{ paymentStatus: string }>(`/api/orders/${orderId}`)).paymentStatus, { timeout: 30_000 })
    .toBe(status);
}

/** Staff move the order along, each step as the console's status buttons do. */
async function move(orderId: string, steps: Record<string, string>[]) {
  for (const step of steps) {
    const moved = await post(`/api/admin/orders/${orderId}/status`, step);
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
}

const shipAndDeliver: Record<string, string>[] = [
  { next: "SHIPPED", carrier: "DHL", trackingNumber: "JD0146000062" },
  { next: "DELIVERED" },
];

/** An order paid with `channel` in the sandbox, then made, shipped and delivered by staff. */
async function deliveredOrder(channel: string): Promise<{ id: string; orderNumber: string }> {
  const placed = await post("/api/orders", { ...(await orderPayload(apiURL())), paymentMethod: channel });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = (await placed.json()) as { id: string; orderNumber: string };
  await payInSandbox(order.id, channel);
  await paymentBecomes(order.id, "SUCCEEDED");
  await move(order.id, [{ next: "IN_PROGRESS" }, ...shipAndDeliver]);
  return order;
}

/**
 * A custom hat's order, delivered: its deposit paid in the shop's checkout, made, its balance paid
 * by BCA once staff sent the balance link (it leaves the workshop only then), shipped and delivered.
 */
async function deliveredCustomOrder(): Promise<{ id: string; orderNumber: string }> {
  const order = await depositPaidOrder(await browser.open());
  await paymentBecomes(order.id, "DEPOSIT_PAID");
  await move(order.id, [{ next: "IN_PROGRESS" }]);
  const link = await post(`/api/admin/orders/${order.id}/balance-link`, { nonce: crypto.randomUUID() });
  expect(link.status, await link.clone().text()).toBe(201);
  await payInSandbox(order.id, "BCA");
  await paymentBecomes(order.id, "SUCCEEDED");
  await move(order.id, shipAndDeliver);
  return order;
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const dollars = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

describe("refunds and returns in the console", () => {
  it("at 1280 px: an owner records a return, refunds what it proposes through Xendit, and the order says partly refunded", async () => {
    const order = await deliveredOrder("DANA");
    const proposal = (await get<Refunds>(`/api/orders/${order.id}/refunds`)).returns.proposals.RETURN.cents;
    const page = await browser.open({ width: 1280, height: 900 });
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${order.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${order.orderNumber}`);
    const payment = page.getByRole("region", { name: "Payment", exact: true });

    // The return: within the 14 days, unworn, less the 15 % fee.
    await payment.getByRole("radio", { name: new RegExp(`^Sent back unworn: refund \\${dollars(proposal)}`) }).check();
    await payment.getByRole("button", { name: "Record the return" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The return is recorded");
    await expect.poll(() => page.locator("article > header").getByText("Returned", { exact: true }).count()).toBe(1);
    await expect.poll(() => payment.textContent()).toContain("sent back unworn");

    // The refund form proposes the return's amount; it goes through Xendit after its confirm step.
    await expect.poll(() => payment.getByLabel("Amount in US dollars").inputValue()).toBe(dollars(proposal).slice(1));
    expect(await payment.getByLabel("How the money goes back").inputValue()).toBe("XENDIT");
    await payment.getByRole("button", { name: "Refund…" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: `Refund ${dollars(proposal)} of order ${order.orderNumber}?` }).isVisible())
      .toBe(true);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Yes, refund" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The refund is sent to Xendit");
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { level: 1, name: `Order ${order.orderNumber}` }).waitFor();
          return page.locator("article > header").textContent();
        },
        { timeout: 30_000 },
      )
      .toContain("Partly refunded");
    // The statuses keep their values; the refund, in dollars and rupiah, and its mail are on the page.
    expect(await page.locator("article > header").textContent()).toMatch(/Delivered.*Paid.*Partly refunded.*Returned/);
    await expect.poll(() => payment.textContent()).toContain(`Refunded: ${dollars(proposal)} (Rp`);
    const mails = page.getByRole("region", { name: "E-mails sent" });
    await expect.poll(() => mails.textContent()).toContain(`Refund for order ${order.orderNumber}`);
    // The kept mail says how much in dollars and in the rupiah paid, how and when it arrives.
    await mails.getByRole("listitem").filter({ hasText: "Refund for order" }).getByRole("link").click();
    await expect
      .poll(() => page.locator("pre").textContent())
      .toMatch(new RegExp(`We have refunded \\${dollars(proposal)} \\(Rp [\\d.]+\\) of your order`));
    expect(await page.locator("pre").textContent()).toContain("the way you paid: DANA");
    expect(await page.locator("pre").textContent()).toContain("within 5–7 business days");
    await page.getByRole("link", { name: `Back to order ${order.orderNumber}` }).click();
    await page.getByRole("heading", { level: 1, name: `Order ${order.orderNumber}` }).waitFor();
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "console-order-refunded-1280");

    // A staff member sees the refund and the marks, and no way to refund or record a return.
    const member = await newStaffMember();
    const staffPage = await browser.open({ width: 1280, height: 900 });
    await signIn(staffPage, consoleURL(), member, `/admin/orders/${order.id}`);
    await expect.poll(() => staffPage.locator("article > header").textContent()).toContain("Partly refunded");
    expect(await staffPage.getByRole("region", { name: "Payment", exact: true }).textContent()).toContain(dollars(proposal));
    expect(await staffPage.getByRole("button", { name: /^(Refund…|Record the return)$/ }).count()).toBe(0);
  });

  it("at 390 px: a virtual account's refund is recorded by hand (Xendit cannot refund it), the delivery only, after a defect", async () => {
    const order = await deliveredOrder("BCA");
    const page = await browser.open({ width: 390, height: 844 });
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${order.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${order.orderNumber}`);
    const payment = page.getByRole("region", { name: "Payment", exact: true });
    await expect.poll(() => payment.textContent()).toContain("Xendit cannot refund this method");

    // A defect is described before it is recorded.
    await payment.getByRole("radio", { name: /^A defect:/ }).check();
    await payment.getByRole("button", { name: "Record the return" }).click();
    await expect.poll(() => payment.getByText("This is required").count()).toBe(1);
    await payment.getByLabel("The defect").fill("The band came loose on one side");
    await payment.getByRole("button", { name: "Record the return" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The return is recorded");

    // By bank transfer, the delivery only: its reference and the day it arrives are asked for.
    expect(await payment.getByLabel("How the money goes back").locator("option").allTextContents()).toEqual([
      "Bank transfer",
      "Cash at the workshop",
    ]);
    await payment.getByRole("button", { name: "The delivery only" }).click();
    await payment.getByRole("button", { name: "Refund…" }).click();
    await expect.poll(() => payment.getByText("This is required").count()).toBe(2);
    await payment.getByLabel("Reference (the transfer's or the receipt's number)").fill("BCA TRF 88120");
    const arrives = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await payment.getByLabel("Arrives in the customer's account by").fill(arrives);
    expect(await scrollsSideways(page)).toBe(false);
    await payment.getByRole("button", { name: "Refund…" }).click();
    await expect.poll(() => page.getByRole("heading", { name: `Refund $30.00 of order ${order.orderNumber}?` }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Yes, refund" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The refund is recorded and the customer is e-mailed.");
    await expect.poll(() => page.locator("article > header").textContent()).toContain("Partly refunded");
    await expect.poll(() => payment.textContent()).toContain("Bank transfer");
    expect(await payment.textContent()).toContain("Reference BCA TRF 88120");
    expect(await scrollsSideways(page)).toBe(false);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "console-order-by-hand-390");

    // The orders list filters by the refund state and shows it on each card.
    await page.goto(`${consoleURL()}/admin/orders?refund=PARTLY_REFUNDED&q=${order.orderNumber}`);
    const card = page.getByRole("list", { name: "Orders" }).getByRole("listitem").filter({ hasText: order.orderNumber });
    await expect.poll(() => card.textContent()).toContain("Partly refunded");
    expect(await card.textContent()).toContain("Returned");
    expect(await scrollsSideways(page)).toBe(false);
  });

  for (const [width, locale] of [
    [1280, "en"],
    [390, "ru"],
  ] as const)
    it(`proposes a return's refund after a goodwill refund, leaving the fee and the delivery, and no longer once it is refunded (${width} px, ${locale})`, async () => {
      const order = await deliveredOrder("DANA");
      const { payments } = await get<RefundsAnswer>(`/api/orders/${order.id}/refunds`);
      await refundAndWait(order.id, { paymentAttemptId: payments[0]!.paymentAttemptId, reason: "OTHERS", amountUsdCents: 2_000 });
      expect((await post(`/api/orders/${order.id}/return`, { kind: "RETURN" })).status).toBe(201);
      const { returns, payments: after } = await get<RefundsAnswer>(`/api/orders/${order.id}/refunds`);
      const proposal = returns.recorded!.proposedCents;
      // The $20 already given back comes off: the shop keeps the 15 % fee and the delivery.
      expect(proposal).toBe(after[0]!.leftUsdCents - returns.recorded!.feeCents - (await orderCosts(order.id)).deliveryCents);

      const texts =
        locale === "ru"
          ? {
              payment: "Оплата",
              amount: "Сумма в долларах США",
              refund: "Вернуть…",
              yes: "Да, вернуть",
              sent: "Возврат отправлен в Xendit",
              title: "Заказ",
              proposes: "Сумма по возврату",
            }
          : {
              payment: "Payment",
              amount: "Amount in US dollars",
              refund: "Refund…",
              yes: "Yes, refund",
              sent: "The refund is sent to Xendit",
              title: "Order",
              proposes: "What the return proposes",
            };
      const page = await browser.open({ width, height: 900 });
      await signIn(page, consoleURL(), locale === "ru" ? await newStaffMember("ru", "owner") : testOwner, `/admin/orders/${order.id}`);
      const payment = page.getByRole("region", { name: texts.payment, exact: true });
      await expect.poll(() => payment.getByLabel(texts.amount).inputValue()).toBe(dollars(proposal).slice(1));
      await payment.getByRole("button", { name: texts.refund }).click();
      await page.getByRole("button", { name: texts.yes }).click();
      await expect.poll(() => page.getByRole("status").textContent()).toContain(texts.sent);
      await expect
        .poll(async () => (await get<RefundsAnswer>(`/api/orders/${order.id}/refunds`)).refunds.every((r) => r.status === "SUCCEEDED"), {
          timeout: 30_000,
        })
        .toBe(true);

      // Opened again: the return is refunded, so nothing is proposed; what is left is the fee and the delivery the shop keeps.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: `${texts.title} ${order.orderNumber}` }).waitFor();
      await expect.poll(() => payment.getByLabel(texts.amount).count()).toBe(1);
      expect(await payment.getByLabel(texts.amount).inputValue()).toBe("");
      expect(await payment.getByRole("button", { name: texts.proposes }).count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await screenshot(page, `console-order-return-refunded-${locale}-${width}`);
    });

  for (const [width, locale] of [
    [1280, "en"],
    [390, "ru"],
  ] as const)
    it(`offers to send again a refund Xendit never answered, and warns of money given back beyond what was paid (${width} px, ${locale})`, async () => {
      const order = await deliveredOrder("DANA");
      const real = await get<RefundsAnswer>(`/api/orders/${order.id}/refunds`);
      const attemptId = real.payments[0]!.paymentAttemptId;
      const createdAt = new Date(Date.now() - 5 * 60_000).toISOString();
      const page = await browser.open({ width, height: 900 });
      const sent: unknown[] = [];
      // What the API answers for such an order (its own tests make one): the payment's refund of
      // $50.00 lost its answer, and a refund reported failed went through after its amount was refunded again.
      await page.route(`**/api/orders/${order.id}/refunds`, async (route) => {
        if (route.request().method() === "POST") {
          sent.push(route.request().postDataJSON());
          return route.fulfill({ status: 201, contentType: "application/json", body: "{}" });
        }
        const answer = (await (await route.fetch()).json()) as RefundsAnswer & { money: Record<string, unknown> };
        answer.payments[0] = {
          ...answer.payments[0]!,
          refundable: false,
          blockedBy: "send-again",
          unanswered: {
            refundId: crypto.randomUUID(),
            amount: 830_000,
            currency: "IDR",
            amountUsdCents: 5_000,
            reason: "REQUESTED_BY_CUSTOMER",
            createdAt,
          },
        };
        answer.money.overRefundedUsdCents = 4_000;
        return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(answer) });
      });
      const who = locale === "ru" ? await newStaffMember("ru", "owner") : testOwner;
      await signIn(page, consoleURL(), who, `/admin/orders/${order.id}`);
      const payment = page.getByRole("region", { name: locale === "ru" ? "Оплата" : "Payment", exact: true });
      const texts =
        locale === "ru"
          ? {
              waiting: "Xendit не ответил на возврат $50.00",
              over: "Возвращено на $40.00 больше",
              button: "Отправить снова",
              done: "Возврат снова отправлен в Xendit",
            }
          : {
              waiting: "Xendit has not answered a refund of $50.00",
              over: "$40.00 more went back than this order's payments took",
              button: "Send it again",
              done: "The refund is sent to Xendit again",
            };
      await expect.poll(() => payment.textContent()).toContain(texts.waiting);
      expect(await payment.textContent()).toContain(texts.over);
      expect(await scrollsSideways(page)).toBe(false);
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await screenshot(page, `console-order-send-again-${locale}-${width}`);

      await payment.getByRole("button", { name: texts.button }).click();
      await expect.poll(() => page.getByRole("status").textContent()).toContain(texts.done);
      // Sent again as it was: its amount and reason, through Xendit.
      expect(sent).toEqual([{ paymentAttemptId: attemptId, reason: "REQUESTED_BY_CUSTOMER", amountUsdCents: 5_000, way: "XENDIT" }]);
    });

  it("at 1280 px: a delivered custom hat is taken back only for a defect, and only once the defect is described", async () => {
    const order = await deliveredCustomOrder();
    const page = await browser.open({ width: 1280, height: 900 });
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${order.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${order.orderNumber}`);
    const payment = page.getByRole("region", { name: "Payment", exact: true });
    const panel = payment.getByRole("region", { name: "Return", exact: true });
    await expect
      .poll(() => panel.textContent())
      .toContain("Custom hats are not returnable except for defects: record a defect and describe it.");
    // A defect is the only choice, and chosen.
    expect(await panel.getByRole("radio").count()).toBe(1);
    expect(await panel.getByRole("radio", { name: /^A defect: refund \$[\d,]+\.\d\d \(everything, no fee\)$/ }).isChecked()).toBe(true);

    // Not recorded until the defect is described.
    await panel.getByRole("button", { name: "Record the return" }).click();
    await expect.poll(() => panel.getByText("This is required").count()).toBe(1);
    expect(await page.locator("article > header").getByText("Returned", { exact: true }).count()).toBe(0);
    expect((await get<RefundsAnswer>(`/api/orders/${order.id}/refunds`)).returns.recorded).toBeNull();
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "returns-custom-en-1280");

    await panel.getByLabel("The defect").fill("The brim's weave came apart at the crown");
    await panel.getByRole("button", { name: "Record the return" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The return is recorded");
    await expect.poll(() => page.locator("article > header").getByText("Returned", { exact: true }).count()).toBe(1);
    // Everything the deposit and the balance paid is proposed back, with no fee.
    const { returns, payments } = await get<RefundsAnswer>(`/api/orders/${order.id}/refunds`);
    expect(returns.recorded).toMatchObject({ feeCents: 0, proposedCents: payments.reduce((n, p) => n + p.leftUsdCents, 0) });
    expect(payments).toHaveLength(2);
    await expect
      .poll(() => panel.textContent())
      .toContain(`a defect. Fee $0.00; refund proposed ${dollars(returns.recorded!.proposedCents)}.`);
    expect(await panel.textContent()).toContain("The brim's weave came apart at the crown");
    // A refund takes one payment at a time: the form starts from the deposit's share of it.
    await expect
      .poll(() => payment.getByLabel("Amount in US dollars").inputValue())
      .toBe(dollars(Math.min(returns.recorded!.proposedCents, payments[0]!.leftUsdCents)).slice(1));
  });

  it("at 390 px, in Russian: past the 14 days after delivery a return is taken only with its reason", async () => {
    const order = await deliveredOrder("DANA");
    const delivered = new Date(Date.now() - 15 * 86_400_000);
    const page = await browser.open({ width: 390, height: 844 });
    const sent: unknown[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/orders/${order.id}/return`)) sent.push(request.postDataJSON());
    });
    // What the API answers for an order delivered 15 days ago: its own tests move the delivery back in
    // its database (returns.integration.test.ts), which nothing outside them can. Only the answer's
    // delivery day and lateness are changed here; the API records the return itself.
    await page.route(`**/api/orders/${order.id}/refunds`, async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      type Late = { windowStart: string | null; late: boolean };
      const answer = (await (await route.fetch()).json()) as { returns: Late & { recorded: Late | null } };
      const late = { windowStart: delivered.toISOString(), late: true };
      const { recorded } = answer.returns;
      answer.returns = { ...answer.returns, ...late, recorded: recorded && { ...recorded, ...late } };
      return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(answer) });
    });
    await signIn(page, consoleURL(), await newStaffMember("ru", "owner"), `/admin/orders/${order.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Заказ ${order.orderNumber}`);
    const payment = page.getByRole("region", { name: "Оплата", exact: true });
    const panel = payment.getByRole("region", { name: "Возврат товара", exact: true });
    // The day of the delivery as the workshop's clock has it.
    const [day, year] = ["day", "year"].map((part) =>
      new Intl.DateTimeFormat("en", { timeZone: "Asia/Makassar", [part]: "numeric" }).format(delivered),
    );
    await expect
      .poll(() => panel.textContent())
      .toMatch(
        new RegExp(`14 дней после доставки \\(${day} \\S+ ${year}, \\d\\d:\\d\\d\\) прошли: укажите, почему шляпу всё же принимают\\.`),
      );

    // Unworn, without a reason: the form asks for it and sends nothing.
    await panel.getByRole("radio", { name: /^Не ношен: вернуть \$/ }).check();
    await panel.getByRole("button", { name: "Отметить возврат" }).click();
    await expect.poll(() => panel.getByText("Обязательное поле").count()).toBe(1);
    expect(sent).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "returns-late-ru-390");

    await panel.getByLabel("Причина").fill("Курьер две недели держал посылку на складе");
    await panel.getByRole("button", { name: "Отметить возврат" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Возврат отмечен");
    expect(sent).toEqual([{ kind: "RETURN", note: "Курьер две недели держал посылку на складе" }]);
    await expect.poll(() => page.locator("article > header").getByText("Товар возвращён", { exact: true }).count()).toBe(1);
    await expect.poll(() => panel.textContent()).toContain("Принят после 14 дней.");
    expect(await panel.textContent()).toContain("Курьер две недели держал посылку на складе");
    expect(await scrollsSideways(page)).toBe(false);
  });

  it("shows the week's money net of refunds on the dashboard", async () => {
    const page = await browser.open({ width: 1280, height: 900 });
    await signIn(page, consoleURL(), testOwner, "/admin");
    const tile = page.locator('[data-money="net-week"]');
    await expect
      .poll(() => tile.textContent())
      .toMatch(/This week, net of refunds\$[\d,]+\.\d\d.*Received \$[\d,.]+ \(Rp [\d.]+\) · refunded \$[\d,.]+/);
    expect(await tile.textContent()).not.toContain("refunded $0.00");

    // A Russian-speaking owner on a phone reads the same money in Russian, on one screen's width.
    const phone = await browser.open({ width: 390, height: 844 });
    await signIn(phone, consoleURL(), await newStaffMember("ru", "owner"), "/admin");
    const ru = phone.locator('[data-money="net-week"]');
    await expect
      .poll(() => ru.textContent())
      .toMatch(/Эта неделя за вычетом возвратов.*Получено \$[\d,.]+ \(Rp [\d.]+\) · возвращено \$[\d,.]+/);
    expect(await scrollsSideways(phone)).toBe(false);
  });
});
