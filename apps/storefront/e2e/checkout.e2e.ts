import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./fixtures.ts";

const browser = useBrowser();

type Address = {
  fullName: string;
  email: string;
  phone: string;
  addressLine1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

const newYork: Address = {
  fullName: "Emma Stone",
  email: "emma@example.com",
  phone: "+1 212 555 0100",
  addressLine1: "350 Fifth Avenue",
  city: "New York",
  state: "New York",
  postalCode: "10118",
  country: "United States",
};
const jakarta: Address = {
  fullName: "Budi Santoso",
  email: "budi@example.com",
  phone: "+62 21 555 0100",
  addressLine1: "Jl. Sudirman 1",
  city: "Jakarta",
  state: "DKI Jakarta",
  postalCode: "10220",
  country: "Indonesia",
};
const bali: Address = {
  fullName: "Wayan Sari",
  email: "wayan@example.com",
  phone: "+62 361 555 0100",
  addressLine1: "Jl. Raya Ubud 10",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia",
};

/** Order Now on a product page, then Continue on the confirmation step. */
async function startOrder(page: Page, productId = 1) {
  await page.goto(`/products/${productId}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Order Now" }).click();
  await page.waitForURL(/\/checkout\/confirmation$/);
  await page.getByRole("link", { name: "Continue to Shipping" }).click();
  await page.waitForURL(/\/checkout\/shipping$/);
}

async function fillAddress(page: Page, a: Address) {
  await page.getByLabel("Full name").fill(a.fullName);
  await page.getByLabel("E-mail").fill(a.email);
  await page.getByLabel("Phone").fill(a.phone);
  await page.getByLabel("Address", { exact: true }).fill(a.addressLine1);
  await page.getByLabel("City").fill(a.city);
  await page.getByLabel("State / Province").fill(a.state);
  await page.getByLabel("Postal code").fill(a.postalCode);
  await page.getByLabel("Country").selectOption(a.country);
}

async function chooseDelivery(page: Page, name: string, price: string) {
  await page.waitForURL(/\/checkout\/shipping-options$/);
  const option = page.getByRole("radio", { name: new RegExp(name) });
  await expect.poll(() => page.locator("label", { has: option }).textContent()).toContain(price);
  await option.check();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/checkout\/payment$/);
}

async function pay(page: Page, method: string) {
  await page.getByRole("radio", { name: method, exact: true }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(/\/checkout\/success\?order_id=/);
}

describe("three customers, each to the success page", () => {
  it("New York: DHL only, $30.00, paid with the test card", async () => {
    const page = await browser.open("/");
    await startOrder(page);
    await fillAddress(page, newYork);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await chooseDelivery(page, "DHL International Express", "$30.00");
    expect(await page.getByText("$215.00").count()).toBeGreaterThan(0);
    expect(await page.getByRole("radio", { name: "Cash in store" }).count()).toBe(0);
    await pay(page, "Test card");
    await page.getByRole("heading", { name: "Test Payment" }).waitFor();
    await page
      .getByText(/RT-[0-9A-Z]{6}/)
      .first()
      .waitFor();
  });

  it("Jakarta: Lion Parcel only, $11.50, by BCA virtual account", async () => {
    const page = await browser.open("/");
    await startOrder(page, 2);
    await fillAddress(page, jakarta);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await page.waitForURL(/\/checkout\/shipping-options$/);
    await page.getByRole("radio").first().waitFor();
    expect(await page.getByRole("radio").count()).toBe(1);
    await chooseDelivery(page, "Lion Parcel", "$11.50");
    await page.getByRole("radio", { name: "BCA Virtual Account", exact: true }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    // The order is placed; its payment waits at the bank (payments.e2e.ts pays such an order).
    await page.waitForURL(/\/checkout\/payment-instructions\?order_id=/);
    await page.getByRole("heading", { name: "Complete Your Payment" }).waitFor();
  });

  it("Bali: pickup for $0.00 paid in cash at the workshop, with the visit instructions and the order page", async () => {
    const page = await browser.open("/");
    await startOrder(page);
    await fillAddress(page, bali);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await page.waitForURL(/\/checkout\/shipping-options$/);
    await page.getByRole("radio").first().waitFor();
    expect(await page.getByRole("radio").count()).toBe(2);
    await chooseDelivery(page, "Pickup from Workshop", "$0.00");
    await pay(page, "Cash in store");
    await page
      .getByText(/within 7 days/i)
      .first()
      .waitFor();
    // The success page and the order page say the same: the order awaits its payment.
    await page.getByRole("heading", { level: 1, name: "Awaiting Payment", exact: true }).waitFor();
    // Nothing is shipped: the summary names the workshop, not the buyer's home, as where the hat is.
    await page.getByRole("heading", { name: "Pickup at our workshop" }).waitFor();
    expect(await page.getByText("Shipping address").count()).toBe(0);
    expect(await page.getByText(bali.addressLine1).count()).toBe(0);
    await page.getByText(bali.fullName).first().waitFor();
    const orderLink = page.getByRole("link", { name: /view your order/i });
    const href = await orderLink.getAttribute("href");
    expect(href).toMatch(/^\/orders\/[A-Za-z0-9_-]{32}$/);
    await orderLink.click();
    await page.waitForURL(/\/orders\//);
    await page
      .getByText(/RT-[0-9A-Z]{6}/)
      .first()
      .waitFor();
    await page.getByText("Awaiting payment", { exact: true }).first().waitFor();
    await page.getByRole("heading", { name: "Pickup at our workshop" }).waitFor();
    expect(await page.getByText(bali.addressLine1).count()).toBe(0);
  });

  it("Bali: Lion Parcel paid with the test card", async () => {
    const page = await browser.open("/");
    await startOrder(page);
    await fillAddress(page, bali);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await chooseDelivery(page, "Lion Parcel", "$11.50");
    await pay(page, "Test card");
    await page.getByRole("heading", { name: "Test Payment" }).waitFor();
  });
});

describe("checkout guards and checks", () => {
  it("fills a sample checkout at /test-checkout in sandbox mode", async () => {
    const page = await browser.open("/test-checkout");
    await page.waitForURL(/\/checkout\/payment$/);
    await page.getByRole("heading", { name: "Payment Method" }).waitFor();
    expect(await page.getByRole("radio", { name: "Test card" }).count()).toBe(1);
    expect(await page.getByRole("radio", { name: "Cash in store" }).count()).toBe(1);
  });

  it("sends a customer without a product back with 'Missing Order Information'", async () => {
    const page = await browser.open("/checkout/payment");
    await page.waitForURL(/\/checkout\/confirmation$/);
    await page.getByRole("heading", { name: "Missing Order Information" }).waitFor();
    await page.getByText("Please start your order from the product page.").waitFor();
  });

  it("clears the checkout on request", async () => {
    const page = await browser.open("/");
    await startOrder(page);
    await page.goto("/checkout/confirmation");
    await page.getByRole("button", { name: "Clear this order" }).click();
    await page.waitForURL(/\/products$/);
    await page.goto("/checkout/shipping");
    await page.waitForURL(/\/checkout\/confirmation$/);
    await page.getByRole("heading", { name: "Missing Order Information" }).waitFor();
  });

  it("sends a customer without an address back to the address step", async () => {
    const page = await browser.open("/");
    await startOrder(page);
    await page.goto("/checkout/shipping-options");
    await page.waitForURL(/\/checkout\/shipping\?missing=1$/);
    await page.getByText("Please complete the previous steps to continue.").waitFor();
  });

  it("shows each address error next to its field and clears it on edit", async () => {
    const page = await browser.open("/");
    await startOrder(page);
    await hydrated(page);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    expect(await page.getByText("This field is required").count()).toBe(8);
    await page.getByLabel("E-mail").fill("not-an-email");
    expect(await page.getByText("This field is required").count()).toBe(7);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByLabel("Full name").fill("Wayan");
    expect(await page.getByText("This field is required").count()).toBe(6);
  });

  it("blocks Indomaret above Rp 5.000.000 with the exact message", async () => {
    const page = await browser.open("/");
    await startOrder(page, 22);
    await fillAddress(page, jakarta);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await chooseDelivery(page, "Lion Parcel", "$11.50");
    await page.getByRole("radio", { name: "Indomaret" }).check();
    await page
      .getByText(
        "For Indomaret/Alfamart the maximum per payment is Rp 5.000.000. Please choose Bank Transfer (Virtual Account) or split your order.",
      )
      .waitFor();
    expect(await page.getByRole("button", { name: "Place Order" }).isDisabled()).toBe(true);
  });

  it("takes the address with JavaScript off", async () => {
    const page = await browser.open("/products/1", { javaScript: false });
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/checkout\/confirmation$/);
    await page.goto("/checkout/shipping");
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await page.getByText("This field is required").first().waitFor();
    await fillAddress(page, newYork);
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await page.waitForURL(/\/checkout\/shipping-options$/);
    await page.getByText("DHL International Express").waitFor();
  });
});
