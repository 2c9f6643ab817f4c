import { describe, expect, it } from "vitest";
import { checkoutCookie, checkoutIdOf } from "./session.ts";

const id = "3f1c2a9e-8d5b-4c7e-9a10-2b3c4d5e6f70";
const requestWith = (cookie: string) => new Request("http://localhost/checkout", { headers: { cookie } });

describe("the checkout cookie", () => {
  it("gives the browser its checkout id, HttpOnly and SameSite=Lax, and reads it back", async () => {
    const header = await checkoutCookie(id);
    expect(header).toMatch(/^checkout=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await checkoutIdOf(requestWith(`lang=x; ${header.split(";")[0]}`))).toBe(id);
  });

  it("is no checkout id when missing, forged by hand or not an id", async () => {
    expect(await checkoutIdOf(new Request("http://localhost/"))).toBeNull();
    expect(await checkoutIdOf(requestWith(`checkout=${id}`))).toBeNull();
    expect(await checkoutIdOf(requestWith("checkout=%E0%A4%A"))).toBeNull();
    const notAnId = (await checkoutCookie("../../etc/passwd")).split(";")[0]!;
    expect(await checkoutIdOf(requestWith(notAnId))).toBeNull();
  });
});
