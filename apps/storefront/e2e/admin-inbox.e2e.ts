import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import { decodedMail, keptMail, mailHeader } from "@workshop/api/test-support/kept-mail.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAdminForm, signIn, staffCookie } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";

/**
 * The inbox on a shop of its own, so the test can read the mail it keeps (DATA_DIR/mail, no SMTP):
 * a visitor writes, staff read and answer, the answer leaves through the outbox.
 */
let shop: RunningShop;

/** A staff member (not an owner) of this shop, written into its database between two starts. */
const staffMember = { email: "wayan@workshop.test", password: "Ubud-inbox-staff-2026" } as const;
/** One whose admin is in Russian. */
const russianStaff = { email: "olga@workshop.test", password: "Ubud-inbox-staff-2026-ru" } as const;

async function addStaff(dataDir: string) {
  const db = new PGlite(path.join(dataDir, "db"));
  try {
    for (const [who, name, locale] of [
      [staffMember, "Wayan", "en"],
      [russianStaff, "Ольга", "ru"],
    ] as const) {
      await db.query("insert into staff_accounts (email, name, password_hash, role, locale) values ($1, $2, $3, 'staff', $4)", [
        who.email,
        name,
        await hashPassword(who.password),
        locale,
      ]);
    }
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  const first = await startShop(raisedRateLimits);
  await first.stop();
  await addStaff(first.dataDir);
  shop = await startShop(raisedRateLimits, first.dataDir);
});
afterAll(async () => {
  await shop?.remove();
});

const { open } = useBrowser(() => shop.baseURL);

async function sendContact(page: Page, fields: { name: string; email: string; subject: string; message: string }) {
  await page.getByLabel("Your name").fill(fields.name);
  await page.getByLabel("E-mail").fill(fields.email);
  await page.getByLabel("Subject").fill(fields.subject);
  await page.getByRole("textbox", { name: "Message" }).fill(fields.message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByRole("status").filter({ hasText: "Thank you for your message" }).waitFor();
}

describe("the admin inbox", () => {
  it("a visitor writes; staff see it unread, open it, reply, and mark it handled; the reply leaves through the outbox", async () => {
    const visitor = await open("/ru/contact");
    await visitor.getByLabel("Ваше имя").fill("Ирина Соколова");
    await visitor.getByLabel("Эл. почта").fill("irina@example.com");
    await visitor.getByLabel("Тема").fill("Размер 60 см");
    await visitor.getByRole("textbox", { name: "Сообщение" }).fill("Здравствуйте!\nЕсть ли панама размера 60 см?");
    await visitor.getByRole("button", { name: "Отправить" }).click();
    await visitor.getByRole("status").waitFor();

    // The shop is told, in English, with Reply-To the visitor.
    await expect.poll(async () => (await keptMail(shop.dataDir, "shop-contact-message")).length, { timeout: 20_000 }).toBe(1);
    const [shopMail] = await keptMail(shop.dataDir, "shop-contact-message");
    expect(mailHeader(shopMail!, "To")).toBe("hello@rumahtopi.com");
    expect(mailHeader(shopMail!, "Reply-To")).toContain("<irina@example.com>");

    const staff = await open("/admin/inbox");
    const errors: string[] = [];
    staff.on("pageerror", (e) => errors.push(e.message));
    await signIn(staff, shop.baseURL, staffMember, "/admin/inbox");
    const row = staff.getByRole("link", { name: /Размер 60 см/ });
    await expect.poll(() => row.textContent()).toContain("Unread");
    expect(await row.getAttribute("class")).toContain("font-semibold");
    await expectAccessible(staff);

    await row.click();
    await staff.getByRole("heading", { level: 1, name: "Размер 60 см" }).waitFor();
    await staff.getByText("Есть ли панама размера 60 см?").waitFor();
    await staff.getByText("The reply goes to irina@example.com in Russian").waitFor();
    expect(await staff.getByLabel("Subject").inputValue()).toBe("Re: Размер 60 см");
    await staff.getByLabel("Your reply").fill("Здравствуйте, Ирина!\nДа, сплетём за неделю.");
    await staff.getByRole("button", { name: "Send reply" }).click();
    await staff.getByRole("status").filter({ hasText: "Your reply is queued and will be sent to irina@example.com." }).waitFor();
    // The form starts empty again for the next reply.
    expect(await staff.getByLabel("Your reply").inputValue()).toBe("");
    await expectAccessible(staff);

    // The reply is listed with the message; opening it shows its text.
    const replies = staff.getByRole("region", { name: "Replies" });
    await replies.getByText("Re: Размер 60 см").click();
    await replies.getByText("Да, сплетём за неделю.").waitFor();
    await expect
      .poll(() => replies.textContent(), { timeout: 20_000 })
      .toMatch(/To irina@example\.com · by wayan@workshop\.test · (Waiting to be sent|Sending|Kept)/);

    // It leaves through the outbox: to the visitor, in Russian, the message quoted.
    await expect.poll(async () => (await keptMail(shop.dataDir, "message-reply")).length, { timeout: 20_000 }).toBe(1);
    const [reply] = await keptMail(shop.dataDir, "message-reply");
    expect(mailHeader(reply!, "To")).toBe("irina@example.com");
    expect(mailHeader(reply!, "Subject")).toMatch(/^=\?UTF-8\?/);
    const body = decodedMail(reply!);
    expect(body).toContain('<html lang="ru">');
    expect(body).toContain("Здравствуйте, Ирина!<br>Да, сплетём за неделю.</p>");
    expect(body).toMatch(/вы написали:<\/p>\n<blockquote [^>]*>Здравствуйте!<br>Есть ли панама размера 60 см\?<\/blockquote>/);

    await staff.getByRole("button", { name: "Mark handled" }).click();
    await staff.getByRole("status").filter({ hasText: "Marked as handled." }).waitFor();
    await staff.getByRole("button", { name: "Reopen" }).waitFor();
    await staff.getByRole("link", { name: "Back to Inbox" }).click();
    await staff.waitForURL("**/admin/inbox");
    await staff.getByRole("link", { name: "Handled", exact: true }).click();
    await staff.waitForURL("**/admin/inbox?filter=handled");
    await expect.poll(() => staff.getByRole("link", { name: /Размер 60 см/ }).textContent()).toContain("Handled");
    expect(errors).toEqual([]);
  });

  it("works without JavaScript on a phone: read, reply, handled", async () => {
    const visitor = await open("/contact", { javaScript: false });
    await sendContact(visitor, {
      name: "Budi",
      email: "budi@example.com",
      subject: "Pickup on Saturday",
      message: "Can I pick up on Saturday?",
    });

    const staff = await open("/admin/inbox", { javaScript: false, width: 390, height: 844 });
    await signIn(staff, shop.baseURL, staffMember, "/admin/inbox?filter=unread");
    const row = staff.getByRole("link", { name: /Pickup on Saturday/ });
    await row.waitFor();
    // Nothing wider than the phone's screen.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.click();
    await staff.getByText("Can I pick up on Saturday?").waitFor();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await staff.getByLabel("Subject").fill("Saturday pickup");
    await staff.getByLabel("Your reply").fill("Yes, we are open until 5 pm.");
    await staff.getByRole("button", { name: "Send reply" }).click();
    await staff.getByRole("status").filter({ hasText: "budi@example.com" }).waitFor();
    await staff.getByRole("region", { name: "Replies" }).getByText("Saturday pickup").waitFor();
    await staff.getByRole("button", { name: "Mark handled" }).click();
    await staff.getByRole("button", { name: "Reopen" }).waitFor();

    await expect
      .poll(async () => (await keptMail(shop.dataDir, "message-reply")).some((m) => mailHeader(m, "To") === "budi@example.com"), {
        timeout: 20_000,
      })
      .toBe(true);
  });

  it("one mail for a reply form sent twice; 404 for an unknown or malformed id; 403 without the form token", async () => {
    const cookie = await staffCookie(shop.baseURL, staffMember);
    const sent = await fetch(`${shop.baseURL}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Ketut", email: "ketut@example.com", subject: "Twice", message: "Hello" }),
    });
    expect(sent.status).toBe(200);
    const list = await (await fetch(`${shop.baseURL}/admin/inbox?filter=all`, { headers: { Cookie: cookie } })).text();
    const id = list.match(/href="\/admin\/inbox\/(\d+)"/)?.[1];
    expect(id).toBeDefined();
    const page = await (await fetch(`${shop.baseURL}/admin/inbox/${id}`, { headers: { Cookie: cookie } })).text();
    const nonce = page.match(/name="nonce" value="([^"]+)"/)?.[1];
    expect(nonce).toBeDefined();
    const form = { intent: "reply", subject: "", text: "Sent twice, kept once", nonce: nonce! };
    const [first, second] = await Promise.all([
      postAdminForm(shop.baseURL, cookie, `/admin/inbox/${id}`, form),
      postAdminForm(shop.baseURL, cookie, `/admin/inbox/${id}`, form),
    ]);
    expect([first.headers.get("location"), second.headers.get("location")].sort()).toEqual([
      `/admin/inbox/${id}?done=duplicate`,
      `/admin/inbox/${id}?done=sent`,
    ]);
    const after = await (await fetch(`${shop.baseURL}/admin/inbox/${id}`, { headers: { Cookie: cookie } })).text();
    // One reply listed (each is a <details> to open).
    expect(after.match(/<details/g)).toHaveLength(1);

    const empty = await postAdminForm(shop.baseURL, cookie, `/admin/inbox/${id}`, { ...form, text: " ", nonce: `${nonce}-2` });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("This field is required");

    for (const bad of ["999999", "abc", "0", "1.5", "99999999999999"]) {
      expect((await fetch(`${shop.baseURL}/admin/inbox/${bad}`, { headers: { Cookie: cookie } })).status, bad).toBe(404);
      expect((await postAdminForm(shop.baseURL, cookie, `/admin/inbox/${bad}`, { intent: "handled" })).status, bad).toBe(404);
    }
    const forged = await fetch(`${shop.baseURL}/admin/inbox/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: shop.baseURL, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "handled" }),
    });
    expect(forged.status).toBe(403);
    const anonymous = await fetch(`${shop.baseURL}/admin/inbox`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Finbox");
  });

  it("speaks Russian to staff whose admin language is Russian", async () => {
    const cookie = await staffCookie(shop.baseURL, russianStaff);
    const list = await (await fetch(`${shop.baseURL}/admin/inbox?filter=open`, { headers: { Cookie: cookie } })).text();
    for (const text of ["Входящие", "Непрочитанные", "Обработанные", "Сообщений: "]) expect(list).toContain(text);
    const id = list.match(/href="\/admin\/inbox\/(\d+)"/)?.[1];
    const page = await (await fetch(`${shop.baseURL}/admin/inbox/${id}`, { headers: { Cookie: cookie } })).text();
    for (const text of ["Назад во «Входящие»", "Отметить обработанным", "Отправить ответ", "Ваш ответ"]) expect(page).toContain(text);
    expect(page).not.toContain("Send reply");
  });
});
