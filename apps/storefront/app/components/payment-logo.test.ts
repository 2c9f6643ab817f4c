import { paymentMethods } from "@workshop/domain/payment-methods.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hasLogo, logoCodes, PaymentLogo } from "./PaymentLogo.tsx";

const render = (code: string, className?: string) => renderToStaticMarkup(createElement(PaymentLogo, { code, className }));
const attr = (markup: string, name: string) => new RegExp(`<svg[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];
/** The drawing inside the <svg>, without the attributes that name it. */
const art = (markup: string) => markup.replace(/^<svg[^>]*>/, "");

const generic = render("");
const methodLogos = [...new Set(paymentMethods.map((m) => m.logo))];

describe("PaymentLogo", () => {
  it.each(methodLogos)("%s has its own drawing", (code) => {
    expect(hasLogo(code)).toBe(true);
    expect(logoCodes).toContain(code.toUpperCase());
    const markup = render(code);
    expect(attr(markup, "data-logo")).toBe(code.toUpperCase());
    expect(art(markup)).not.toBe(art(generic));
  });

  it("draws the generic e-wallet and pay-later groups too", () => {
    for (const code of ["EWALLET", "PAYLATER"]) {
      expect(hasLogo(code)).toBe(true);
      expect(art(render(code))).not.toBe(art(generic));
    }
  });

  it("every drawing differs from every other", () => {
    const arts = logoCodes.map((code) => art(render(code)));
    expect(new Set(arts).size).toBe(logoCodes.length);
  });

  it("gives an unknown or empty code the generic bank logo", () => {
    expect(attr(generic, "data-logo")).toBe("generic");
    expect(attr(generic, "aria-label")).toBe("Bank");
    for (const code of ["NOPE", "xyz_bank", "", "   "]) {
      expect(hasLogo(code)).toBe(false);
      expect(render(code)).toBe(generic);
    }
  });

  it("looks codes up case-insensitively", () => {
    expect(hasLogo("bca")).toBe(true);
    expect(render("bca")).toBe(render("BCA"));
    expect(render("ShopeePay")).toBe(render("SHOPEEPAY"));
    expect(render("cash_in_store")).toBe(render("CASH_IN_STORE"));
  });

  it.each([...logoCodes, ""])("%s is an SVG image with a name", (code) => {
    const markup = render(code);
    expect(markup.startsWith("<svg")).toBe(true);
    expect(attr(markup, "role")).toBe("img");
    expect(attr(markup, "aria-label")?.trim()).toBeTruthy();
    expect(attr(markup, "viewBox")).toBe("0 0 64 40");
  });

  it("names brands by their brand name", () => {
    expect(attr(render("MANDIRI"), "aria-label")).toBe("Mandiri");
    expect(attr(render("SHOPEEPAY"), "aria-label")).toBe("ShopeePay");
    expect(attr(render("BSS"), "aria-label")).toBe("Bank Sahabat Sampoerna");
  });

  it("takes a className, with a 64×40 default", () => {
    expect(attr(render("BCA"), "class")).toBe("h-10 w-16");
    expect(attr(render("BCA", "h-6 w-auto"), "class")).toBe("h-6 w-auto");
  });
});
