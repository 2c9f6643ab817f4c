import { allProducts } from "#server/catalog/products.ts";
import { paymentsSandbox } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import type { Caller } from "#server/http/caller.ts";
import { startCheckout } from "./session.ts";

/**
 * The sandbox's shortcut to the payment step: this browser's checkout gets a sample hat (the first
 * in stock, in its first size), a sample Bali address and Lion Parcel. Returns the session id for
 * the cookie. Outside the sandbox (a Xendit key is set) it does not exist.
 */
export async function startTestCheckout(request: Caller): Promise<string> {
  if (!paymentsSandbox()) throw new AppError("not_found", "Not found");
  const product = (await allProducts("en")).find((p) => p.inStock);
  if (!product) throw new AppError("not_found", "No hat is in stock");
  return startCheckout(request, {
    productId: product.id,
    productName: product.name,
    selectedSize: product.sizes[0] ?? null,
    priceCents: product.priceCents,
    quoteId: null,
    payOrderId: null,
    shippingAddress: {
      fullName: "Ketut Sandbox",
      email: "sandbox@example.com",
      phone: "+62 812 0000 0000",
      addressLine1: "Jl. Raya Ubud No. 1",
      addressLine2: "",
      city: "Ubud",
      state: "Bali",
      postalCode: "80571",
      country: "Indonesia",
    },
    deliveryOption: "LION_PARCEL",
  });
}
