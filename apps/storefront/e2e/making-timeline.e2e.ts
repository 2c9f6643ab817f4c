import { mkdir } from "node:fs/promises";
import path from "node:path";
import { makingPhotosAnswer, orderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import { CSRF_HEADER } from "@workshop/domain/staff-api.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { consoleOrigin, type StaffSession, staffSession, staffWrite } from "#e2e/support/admin.ts";
import { apiURL, expectAccessible, useBrowser } from "./fixtures.ts";
import { placedOrder } from "./samples.ts";

/**
 * The customer follows a hat made for the order on its private page (decision 054): the stages,
 * the estimate, and the workshop's notes and photos, in English and Russian, on a phone and a
 * desktop, without JavaScript (a photo opens full size as a plain link).
 */

const browser = useBrowser();
const bearer = () => ({ authorization: `Bearer ${inject("staffToken")}`, "content-type": "application/json" });
let staff: StaffSession;

beforeAll(async () => {
  staff = await staffSession(apiURL());
});

/** An order paid with DANA in the sandbox, with its private page's token. */
async function paidOrder(): Promise<{ id: string; token: string }> {
  const { id, token } = await placedOrder(apiURL());
  const payment = await fetch(`${apiURL()}/api/xendit/payment-request`, {
    method: "POST",
    headers: bearer(),
    body: JSON.stringify({ orderId: id, channelCode: "DANA" }),
  });
  const { xenditPaymentId } = (await payment.json()) as { xenditPaymentId: string };
  const pay = await fetch(`${apiURL()}/_sandbox/xendit/_control/payment_requests/${xenditPaymentId}/pay`, {
    method: "POST",
    headers: bearer(),
    body: "{}",
  });
  expect(pay.ok, await pay.clone().text()).toBe(true);
  await vi.waitFor(
    async () => expect((await (await fetch(`${apiURL()}/api/orders/${id}`, { headers: bearer() })).json()).paymentStatus).toBe("SUCCEEDED"),
    { timeout: 15_000, interval: 100 },
  );
  return { id, token };
}

const making = async (orderId: string) => {
  const answer = await fetch(`${apiURL()}/api/admin/orders/${orderId}`, { headers: { cookie: staff.cookie } });
  return orderMakingAnswer.parse(((await answer.json()) as { making: unknown }).making);
};

/** A photo uploaded as the console sends it, waiting for the next move. */
async function uploadPhoto(orderId: string): Promise<string> {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(await sampleJpeg(900, 700))], "on-the-block.jpg", { type: "image/jpeg" }));
  const answer = await fetch(`${apiURL()}/api/admin/orders/${orderId}/making/photos`, {
    method: "POST",
    headers: { Origin: consoleOrigin, Cookie: staff.cookie, [CSRF_HEADER]: staff.csrfToken },
    body: form,
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return makingPhotosAnswer.parse(await answer.json()).photos[0]!.id;
}

async function moveOn(orderId: string, body: Record<string, unknown>) {
  const current = await making(orderId);
  const moved = await staffWrite(apiURL(), staff, `/api/admin/orders/${orderId}/making/moves`, "POST", {
    expected: current.current.id,
    to: current.can.forward!.id,
    ...body,
  });
  expect(moved.status, await moved.clone().text()).toBe(200);
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const texts = {
  en: {
    title: "Your hat in the workshop",
    stages: ["Weaving · Done", "Blocking · In progress", "Finishing · To come", "Quality check · To come", "Ready · To come"],
    ready: "Ready by",
    arrives: "Arrives by",
    update: "On to Blocking",
    note: "Woven tight; now drying on its block.",
    photo: "Open photo 1 of Blocking full size",
  },
  ru: {
    title: "Ваша шляпа в мастерской",
    stages: ["Плетение · Завершён", "Формовка · Сейчас", "Отделка · Впереди", "Проверка качества · Впереди", "Готово · Впереди"],
    ready: "Будет готова к",
    arrives: "Доставка к",
    update: "Следующий этап: Формовка",
    note: "Сплели плотно; сохнет на болванке.",
    photo: "Открыть фото 1 этапа «Формовка» в полном размере",
  },
} as const;

describe("a hat made for its order, on the customer's page", () => {
  let order: { id: string; token: string };
  beforeAll(async () => {
    order = await paidOrder();
    const photo = await uploadPhoto(order.id);
    await moveOn(order.id, { noteEn: texts.en.note, noteRu: texts.ru.note, tellCustomer: true, photoIds: [photo] });
  }, 120_000);

  for (const lang of ["en", "ru"] as const) {
    for (const width of [390, 1280]) {
      it(`shows its stages, the estimate, the workshop's note and photo (${lang}, ${width} px, no JavaScript)`, async () => {
        const t = texts[lang];
        const page = await browser.open(`${lang === "ru" ? "/ru" : ""}/orders/${order.token}`, { width, javaScript: false });
        const timeline = page.getByRole("region", { name: t.title });
        await timeline.waitFor();
        const stages = timeline.locator("ol").first().locator(":scope > li");
        expect((await stages.allTextContents()).map((s) => s.replace(/\s+/g, " ").trim())).toEqual(
          t.stages.map((s) => expect.stringContaining(s)),
        );
        expect(await timeline.locator("li[aria-current=step]").textContent()).toContain(t.stages[1].split(" · ")[0]);
        for (const term of [t.ready, t.arrives]) {
          const value = timeline
            .locator("dl div")
            .filter({ has: page.getByText(term, { exact: true }) })
            .locator("dd");
          expect(await value.textContent()).toMatch(/\S{2,}.*\d/);
        }
        await timeline.getByText(t.update, { exact: true }).waitFor();
        await timeline.getByText(t.note, { exact: true }).waitFor();

        // The photo: a thumbnail through the order's own link, a plain link to the full-size photo.
        const link = timeline.getByRole("link", { name: t.photo });
        expect(await link.locator("img").getAttribute("src")).toMatch(
          new RegExp(`^/api/shop/orders/${order.token}/making/photos/\\w+/480\\.jpg$`),
        );
        const full = await link.getAttribute("href");
        expect(full).toMatch(new RegExp(`^/api/shop/orders/${order.token}/making/photos/\\w+/1280\\.jpg$`));
        const opened = await page.context().request.get(full!);
        expect([opened.status(), opened.headers()["content-type"], opened.headers()["x-robots-tag"]]).toEqual([
          200,
          "image/jpeg",
          "noindex",
        ]);

        // As a browser with scripts draws it: the thumbnail loaded, nothing wider than the screen, no accessibility issue.
        const drawn = await browser.open(`${lang === "ru" ? "/ru" : ""}/orders/${order.token}`, { width });
        const image = drawn.getByRole("region", { name: t.title }).getByRole("link", { name: t.photo }).locator("img");
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        expect(await drawn.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
        await expectAccessible(drawn);
        await screenshot(drawn, `making-timeline-${lang}-${width}`);
      });
    }
  }

  it("keeps its photos to the order's link: another order's token finds none", async () => {
    const other = await paidOrder();
    const photoPath = (await (await fetch(`${apiURL()}/api/shop/orders/${order.token}`)).json()).making.updates[0].photos[0].url as string;
    const foreign = await fetch(`${apiURL()}${photoPath.replace(order.token, other.token)}`);
    expect(foreign.status).toBe(404);
  });
});
