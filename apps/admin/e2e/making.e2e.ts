import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { MakingStagesAnswer, OrderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { bulkyPng } from "./support/images.ts";
import { newStaffMember, placeCashOrder } from "./support/orders.ts";
import { signedInTabs, testOwner } from "./support/staff.ts";

/**
 * The making in the console (decision 054): an order's stage panel (on with a note and a photo,
 * back with a reason, two people moving at once), the board by stage, the orders list's stage
 * filter, and the stage list owners edit; at 1280 and 390 px, in English and Russian.
 */

const browser = useBrowser();
/** The owner's desktop tab and the staff member's phone, each signed in once and kept for the file. */
const openTab = signedInTabs(browser.open, () => ({ apiURL: apiURL(), consoleURL: consoleURL() }));
const token = () => ({ Authorization: `Bearer ${inject("staffToken")}` });
const get = async <T>(url: string) => (await (await fetch(`${apiURL()}${url}`, { headers: token() })).json()) as T;

/** A cash order placed (by a customer writing in `locale`) and marked paid: its hat, made to order, starts in the first stage. */
async function orderInMaking(locale: "en" | "ru" = "en", fullName = "Made Wirawan"): Promise<{ id: string; orderNumber: string }> {
  const order = await placeCashOrder({ fullName }, locale);
  const paid = await fetch(`${apiURL()}/api/admin/orders/${order.id}/mark-paid`, { method: "POST", headers: token() });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return order;
}

const makingOf = async (orderId: string) => (await get<{ making: OrderMakingAnswer | null }>(`/api/admin/orders/${orderId}`)).making;

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Whether every image of `selector` on the page has loaded (through the staff's session, from the API's origin). */
const imagesLoaded = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) => images.length > 0 && images.every((i) => (i as HTMLImageElement).naturalWidth > 0));

describe("the making in the console", () => {
  let stages: MakingStagesAnswer;
  /** A Russian-speaking staff member: the second person of the tests that need one. */
  let member: { email: string; password: string };
  beforeAll(async () => {
    stages = await get<MakingStagesAnswer>("/api/admin/making/stages");
    member = await newStaffMember("ru");
  });

  it("at 1280 px: an order moves on with a note and a photo for the customer, back with a reason, and its history shows both", async () => {
    const order = await orderInMaking();
    expect((await makingOf(order.id))?.current.nameEn).toBe("Weaving");
    const page = await openTab(testOwner, `/admin/orders/${order.id}`);
    const panel = page.getByRole("region", { name: "Making", exact: true });
    await expect.poll(() => panel.textContent()).toContain("Made to order. In Weaving since");
    const stageList = panel.getByRole("list", { name: "Stages" });
    await expect
      .poll(() => stageList.getByRole("listitem").allTextContents())
      .toEqual([
        expect.stringMatching(/^NowWeavingreached /),
        "To comeBlockingusually 2 working days",
        "To comeFinishingusually 1 working day",
        "To comeQuality checkusually 1 working day",
        "To comeReadyusually 0 working days",
      ]);
    expect(await panel.textContent()).toContain("Ready by (estimate)");
    expect(await panel.getByRole("button", { name: /^Back to an earlier stage/ }).count()).toBe(0);

    // On to Blocking: a note in the customer's language (English first), a photo with its progress, and an e-mail.
    await panel.getByRole("button", { name: "Move to Blocking" }).click();
    const form = panel.getByRole("form", { name: "Move to Blocking" });
    const notes = form.getByRole("textbox");
    expect(await notes.nth(0).getAttribute("id")).toBe("making-noteEn");
    await form.getByLabel("Note for the customer in English").fill("The crown is woven; now it dries on its block.");
    await form.getByLabel("Add photos").setInputFiles({ name: "crown.png", mimeType: "image/png", buffer: bulkyPng(480, 360) });
    await expect.poll(() => form.getByRole("img", { name: "Photo 1" }).isVisible()).toBe(true);
    expect(await form.getByRole("progressbar").count()).toBe(0);
    await expect.poll(() => imagesLoaded(page, 'form img[alt="Photo 1"]')).toBe(true);
    // A file that is not a photo fails at once, with why; it is removed before the move.
    await form.getByLabel("Add photos").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("no photo") });
    await expect.poll(() => form.getByRole("alert").textContent()).toContain("Only JPG, PNG, WebP, and GIF images are allowed.");
    await form.getByRole("button", { name: "Remove notes.txt" }).click();
    await form.getByLabel("Tell the customer by e-mail").check();
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "console-making-move-form-1280");
    await form.getByRole("button", { name: "Move to Blocking" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("The order is now in Blocking.");
    await expect.poll(() => panel.textContent()).toContain("In Blocking since");

    const events = panel.getByRole("region", { name: "Stage moves" });
    const moved = events.getByRole("listitem").filter({ hasText: "Weaving → Blocking" });
    await expect.poll(() => moved.textContent()).toContain("The crown is woven; now it dries on its block.");
    expect(await moved.textContent()).toContain("The customer is told by e-mail.");
    // The order's e-mails name the making's, and say they went (kept: no mail server here).
    const mails = page.getByRole("region", { name: "E-mails sent" });
    await expect.poll(() => mails.textContent()).toContain("Making: a stage");
    expect(await mails.textContent()).toContain("Making started");
    expect(await mails.textContent()).not.toMatch(/making-(started|update)/);
    expect(await moved.textContent()).toContain("Owner, ");
    // The photo is a thumbnail that opens at full size, both served to the staff's session only.
    const full = moved.getByRole("link", { name: "Photo 1 of Blocking at full size" });
    await expect.poll(() => imagesLoaded(page, '[data-event="forward"] img')).toBe(true);
    const fullSize = await page.request.get((await full.getAttribute("href"))!);
    expect([fullSize.status(), fullSize.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
    expect((await fetch((await full.getAttribute("href"))!)).status).toBe(401);

    // Back to Weaving: a reason is asked for first, and shown to staff with the change.
    await panel.getByRole("button", { name: "Back to an earlier stage…" }).click();
    const back = panel.getByRole("form", { name: "Back to an earlier stage" });
    expect(await back.getByLabel("Back to").inputValue()).toBe(String(stages.stages[0]!.id));
    await back.getByRole("button", { name: "Send back" }).click();
    await expect.poll(() => back.getByText("Say why, in at least 3 characters").isVisible()).toBe(true);
    await back.getByLabel("Why it goes back (staff only)").fill("The brim came out uneven");
    await back.getByRole("button", { name: "Send back" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("The order went back to Weaving.");
    const sentBack = events.getByRole("listitem").filter({ hasText: "Sent back: Blocking → Weaving" });
    await expect.poll(() => sentBack.textContent()).toContain("Why: The brim came out uneven");
    expect(await sentBack.textContent()).toContain("Not e-mailed to the customer.");

    // Each move is audited, in the page's Changes.
    const changes = page.getByRole("region", { name: "Changes", exact: true });
    await expect.poll(() => changes.textContent()).toContain("Making stage changed");
    expect(await changes.textContent()).toContain("Making stage: Weaving → Blocking");
    expect(await changes.textContent()).toContain("Reason: — → The brim came out uneven");
    expect(await scrollsSideways(page)).toBe(false);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "console-making-panel-1280");
  });

  it("at 390 px in Russian: of two people moving an order at once one wins, and the other is told where it is now", async () => {
    const order = await orderInMaking("ru");
    const phone = await openTab(member, `/admin/orders/${order.id}`, { width: 390, height: 844 });
    const panel = phone.getByRole("region", { name: "Изготовление", exact: true });
    await panel.getByRole("button", { name: "Перевести на этап «Формовка»" }).click();
    const form = panel.getByRole("form", { name: "Перевод на этап «Формовка»" });
    // The customer writes in Russian: their note comes first.
    expect(await form.getByRole("textbox").nth(0).getAttribute("id")).toBe("making-noteRu");
    await form.getByLabel("Заметка для покупателя на русском").fill("Тулья сплетена.");
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.mouse.move(0, 0);
    await expectAccessible(phone);
    await screenshot(phone, "console-making-form-390-ru");

    // Meanwhile the owner moves it on from their own page.
    const desk = await openTab(testOwner, `/admin/orders/${order.id}`);
    await desk.getByRole("button", { name: "Move to Blocking" }).click();
    await desk.getByRole("form", { name: "Move to Blocking" }).getByRole("button", { name: "Move to Blocking" }).click();
    await expect.poll(() => desk.getByRole("status").textContent()).toBe("The order is now in Blocking.");

    // The phone's move is refused: it says where the order is now and shows it so.
    await form.getByRole("button", { name: "Перевести на этап «Формовка»" }).click();
    await expect
      .poll(() => panel.getByRole("alert").textContent())
      .toBe("Заказ тем временем перевели: сейчас он на этапе «Формовка». Страница показывает его как есть.");
    await expect.poll(() => panel.getByRole("button", { name: "Перевести на этап «Отделка»" }).isVisible()).toBe(true);
    expect((await makingOf(order.id))?.events.filter((event) => event.direction === "forward")).toHaveLength(1);
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.mouse.move(0, 0);
    await expectAccessible(phone);
    await screenshot(phone, "console-making-stale-390-ru");
  });

  it("sends a ready hat for adjusting: added in the product form as a ready hat in stock, paid, it starts no making until staff send it", async () => {
    // The product form: a new product is made to order; unticked, it is a ready hat in stock.
    const page = await openTab(testOwner, "/admin/products/new");
    const madeToOrder = page.getByRole("checkbox", { name: "Made to order" });
    await expect.poll(() => madeToOrder.isChecked()).toBe(true);
    const hint = page.locator(`#${await madeToOrder.getAttribute("aria-describedby")}`);
    expect(await hint.textContent()).toBe(
      "Woven after the order, in the making stages' working days. Untick for a ready hat in stock, which ships in 5–10 business days.",
    );
    const fields: [string, string][] = [
      ["Name", `Ready Boater ${Date.now().toString(36)}`],
      ["Description", "A boater woven last season, ready on the shelf."],
      ["Material", "Pandan"],
      ["Colour", "Natural"],
      ["Crown style", "Flat"],
      ["Brim size", "6 cm"],
      ["Price (USD)", "150"],
      ["Size 1 (cm)", "57"],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await madeToOrder.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Product added successfully!").isVisible()).toBe(true);
    const productId = Number(/\/admin\/products\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(productId).toBeGreaterThan(0);
    // Read again from the API, the box shows what was saved.
    await page.reload();
    await expect.poll(() => page.getByRole("checkbox", { name: "Made to order" }).isVisible()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Made to order" }).isChecked()).toBe(false);
    expect(await scrollsSideways(page)).toBe(false);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "console-product-ready-hat-1280");

    // Ordered and paid: a ready hat ships as it is, so no making starts.
    const order = await placeCashOrder({ fullName: "Ready Hat Buyer" }, "en", productId);
    const paid = await fetch(`${apiURL()}/api/admin/orders/${order.id}/mark-paid`, { method: "POST", headers: token() });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await makingOf(order.id)).toBeNull();
    await page.goto(`${consoleURL()}/admin/orders/${order.id}`);
    const panel = page.getByRole("region", { name: "Making", exact: true });
    await expect.poll(() => panel.textContent()).toContain("This hat is not made for the order in the workshop: it ships as it is.");
    expect(await panel.getByRole("list", { name: "Stages" }).count()).toBe(0);

    // Sent for adjusting, with what needs doing: it starts in the first stage.
    await panel.getByRole("button", { name: "Send for adjusting…" }).click();
    const form = panel.getByRole("form", { name: "Send the ready hat for adjusting" });
    expect(await form.getByLabel("Start in").inputValue()).toBe(String(stages.stages[0]!.id));
    await form.getByLabel("What needs adjusting (staff only)").fill("The brim is a centimetre too wide for her");
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await form.getByRole("button", { name: "Send for adjusting", exact: true }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("The hat is sent for adjusting, in Weaving.");
    await expect.poll(() => panel.textContent()).toContain("Ready hat being adjusted. In Weaving since");
    expect(await panel.getByRole("list", { name: "Stages" }).getByRole("listitem").first().textContent()).toMatch(/^NowWeavingreached /);
    const started = panel.getByRole("region", { name: "Stage moves" }).getByRole("listitem").filter({ hasText: "Started in Weaving" });
    expect(await started.textContent()).toContain("To adjust: The brim is a centimetre too wide for her");
    expect(await started.textContent()).toContain("Owner, ");
    await expect
      .poll(() => page.getByRole("region", { name: "Changes", exact: true }).textContent())
      .toContain("Ready hat sent for adjusting");
    expect((await makingOf(order.id))?.reason).toBe("adjusting");
    expect(await panel.getByRole("button", { name: "Send for adjusting…" }).count()).toBe(0);

    // A staff member reads the form in Russian on a phone: the box as saved.
    const phone = await openTab(member, `/admin/products/${productId}`, { width: 390, height: 844 });
    const box = phone.getByRole("checkbox", { name: "Делается на заказ" });
    await expect.poll(() => box.isVisible()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    expect(await phone.locator(`#${await box.getAttribute("aria-describedby")}`).textContent()).toContain("5–10 рабочих дней");
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.mouse.move(0, 0);
    await expectAccessible(phone);
    await screenshot(phone, "console-product-ready-hat-390-ru");
  });

  it("the board: each stage's orders, the longest waiting first, opened from the dashboard's To be made, at 1280 and 390 px", async () => {
    const first = await orderInMaking("en", "Board First");
    const second = await orderInMaking("en", "Board Second");
    const page = await openTab(testOwner, "/admin");
    await page.getByRole("link", { name: /^To be made/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/making");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Making");
    const weaving = page.getByRole("region", { name: /^Weaving/ });
    await expect
      .poll(async () => {
        const shown = await weaving.locator("[data-order]").evaluateAll((all) => all.map((card) => card.getAttribute("data-order")));
        return shown.indexOf(first.orderNumber) >= 0 && shown.indexOf(first.orderNumber) < shown.indexOf(second.orderNumber);
      })
      .toBe(true);
    const card = weaving.locator(`[data-order="${first.orderNumber}"]`);
    expect(await card.textContent()).toContain("0 working days in this stage (0 days)");
    expect(await card.textContent()).toContain("Board First");
    expect(await page.getByText(/^Late orders: \d+$/).isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await screenshot(page, "console-making-board-1280");

    // A column's orders in the orders list, filtered by the stage; a card opens its order.
    await weaving.getByRole("link", { name: "Weaving in the orders list" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("making")).toBe(String(stages.stages[0]!.id));
    await expect.poll(() => page.getByRole("link", { name: `View details of order ${first.orderNumber}` }).isVisible()).toBe(true);
    expect(await page.getByLabel("Making stage").locator("option:checked").textContent()).toBe("Weaving");
    await page.getByLabel("Making stage").selectOption({ label: "Blocking" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("making")).toBe(String(stages.stages[1]!.id));
    await expect.poll(() => page.getByRole("link", { name: `View details of order ${first.orderNumber}` }).count()).toBe(0);
    await page.goBack();
    await page.goBack();
    await page
      .getByRole("region", { name: /^Weaving/ })
      .getByRole("link", { name: `Order ${first.orderNumber}` })
      .click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${first.orderNumber}`);

    // On a phone, in Russian: the columns one under another, nothing wider than the screen.
    const phone = await openTab(member, "/admin/making", { width: 390, height: 844 });
    await expect.poll(() => phone.getByRole("heading", { level: 1 }).textContent()).toBe("Изготовление");
    const column = (name: string) => phone.getByRole("region", { name: new RegExp(`^${name}`) });
    await expect
      .poll(() =>
        column("Плетение")
          .getByRole("link", { name: `Заказ ${second.orderNumber}` })
          .isVisible(),
      )
      .toBe(true);
    expect(await column("Плетение").locator(`[data-order="${second.orderNumber}"]`).textContent()).toContain(
      "0 рабочих дней на этапе (0 дней)",
    );
    const [top, below] = [(await column("Плетение").boundingBox())!, (await column("Формовка").boundingBox())!];
    expect(below.y).toBeGreaterThanOrEqual(top.y + top.height);
    expect(below.x).toBe(top.x);
    const tab = phone.getByRole("navigation").getByRole("link", { name: "Изготовление", exact: true });
    expect(await tab.getAttribute("aria-current")).toBe("page");
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.mouse.move(0, 0);
    await expectAccessible(phone);
    await screenshot(phone, "console-making-board-390-ru");
  });

  describe("the stage list", () => {
    // Put back as it was after the test, so that the names other tests read stay the defaults.
    afterAll(async () => {
      const owner = await ownerSession();
      const restored = await owner.put({
        stages: stages.stages.map(({ id, nameEn, nameRu, usualDays }) => ({ id, nameEn, nameRu, usualDays })),
      });
      expect(restored.status, await restored.clone().text()).toBe(200);
    });

    it("owners rename, add, reorder and give days to the stages, are told what is wrong; staff read them", async () => {
      const order = await orderInMaking();
      const page = await openTab(testOwner, "/admin/making");
      await page.getByRole("link", { name: "Edit the stages" }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Making stages");
      const stage = (n: number) => page.getByRole("group", { name: new RegExp(`^Stage ${n}\\b`) });
      await expect.poll(() => stage(1).getByLabel("Name in English").inputValue()).toBe("Weaving");
      // A stage orders are in stays on the list.
      expect(await stage(1).textContent()).toMatch(/Orders in it now: \d+/);
      expect(await stage(1).getByRole("button", { name: "Remove" }).isDisabled()).toBe(true);
      expect(await page.getByText("Together: 10 working days").isVisible()).toBe(true);

      // A name twice is said beside the field, before anything is sent.
      await stage(3).getByLabel("Name in English").fill("weaving");
      await page.getByRole("button", { name: "Save the stages" }).click();
      await expect.poll(() => stage(3).getByText("Another stage has this name").isVisible()).toBe(true);
      expect(await stage(3).getByLabel("Name in English").getAttribute("aria-invalid")).toBe("true");
      await stage(3).getByLabel("Name in English").fill("Finishing touches");
      await stage(3).getByLabel("Name in Russian").fill("Финальная отделка");
      await stage(1).getByLabel("Usual working days").fill("7");
      await page.getByRole("button", { name: "Add a stage" }).click();
      await stage(6).getByLabel("Name in English").fill("Dyeing");
      await stage(6).getByLabel("Name in Russian").fill("Окрашивание");
      await stage(6).getByRole("button", { name: "Move up" }).click();
      await expect.poll(() => stage(5).getByLabel("Name in English").inputValue()).toBe("Dyeing");
      expect(await stage(6).getByLabel("Name in English").inputValue()).toBe("Ready");
      await expect.poll(() => page.getByText("Together: 12 working days").isVisible()).toBe(true);
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await page.getByRole("button", { name: "Save the stages" }).click();
      await expect.poll(() => page.getByRole("status").textContent()).toBe("The stages are saved.");
      const saved = await get<MakingStagesAnswer>("/api/admin/making/stages");
      expect(saved.stages.map((s) => [s.nameEn, s.nameRu, s.usualDays])).toEqual([
        ["Weaving", "Плетение", 7],
        ["Blocking", "Формовка", 2],
        ["Finishing touches", "Финальная отделка", 1],
        ["Quality check", "Проверка качества", 1],
        ["Dyeing", "Окрашивание", 1],
        ["Ready", "Готово", 0],
      ]);
      expect(saved.stages[2]!.id).toBe(stages.stages[2]!.id);
      await screenshot(page, "console-making-stages-1280");

      // Two more working days for the hats being made: they would arrive after the day promised at
      // checkout (decision 055), and the board and the order say so in words.
      await page.getByRole("link", { name: "Back to the board" }).click();
      const card = page.locator(`[data-order="${order.orderNumber}"]`);
      await expect.poll(() => card.textContent()).toContain("Late: would arrive after the promised day");
      expect(await card.getByText("Late", { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(/^Late orders: [1-9]\d*$/).isVisible()).toBe(true);
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await screenshot(page, "console-making-board-late-1280");
      await card.getByRole("link", { name: `Order ${order.orderNumber}` }).click();
      await expect
        .poll(() => page.getByRole("region", { name: "Making", exact: true }).textContent())
        .toContain("Late: it would arrive after the day promised at checkout.");
      await page.goto(`${consoleURL()}/admin/making/stages`);

      // Weaving, where hats are being made, cannot be the last stage: the API's refusal is said.
      for (let n = 1; n <= 5; n++) await stage(n).getByRole("button", { name: "Move down" }).click();
      await expect.poll(() => stage(6).getByLabel("Name in English").inputValue()).toBe("Weaving");
      await page.getByRole("button", { name: "Save the stages" }).click();
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe("Orders are still being made in the stage you put last, where the making ends: put another stage last.");
      expect((await get<MakingStagesAnswer>("/api/admin/making/stages")).stages.at(-1)!.nameEn).toBe("Ready");

      // Staff read the list in their language, on a phone.
      const phone = await openTab(member, "/admin/making/stages", { width: 390, height: 844 });
      await expect.poll(() => phone.getByRole("heading", { level: 1 }).textContent()).toBe("Этапы изготовления");
      expect(await phone.getByText("Менять этапы могут только владельцы.").isVisible()).toBe(true);
      await expect
        .poll(() => phone.getByRole("listitem").filter({ hasText: "Финальная отделка" }).textContent())
        .toBe("3. Финальная отделка1 рабочий день");
      expect(await phone.getByRole("button", { name: "Сохранить этапы" }).count()).toBe(0);
      expect(await scrollsSideways(phone)).toBe(false);
      await expectAccessible(phone);
      await screenshot(phone, "console-making-stages-390-ru");
    });
  });
});

/** The test owner signed in through the API: PUT /api/admin/making/stages is an owner's, with the session's form token. */
async function ownerSession() {
  const origin = { Origin: consoleURL(), "Content-Type": "application/json" };
  const signedIn = await fetch(`${apiURL()}/api/admin/session`, { method: "POST", headers: origin, body: JSON.stringify(testOwner) });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
  return {
    put: (body: unknown) =>
      fetch(`${apiURL()}/api/admin/making/stages`, {
        method: "PUT",
        headers: { ...origin, Cookie: cookie, "X-CSRF-Token": csrfToken },
        body: JSON.stringify(body),
      }),
  };
}
