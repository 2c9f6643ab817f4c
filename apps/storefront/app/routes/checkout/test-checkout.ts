import { allProducts } from "@workshop/api/catalog/products.ts";
import { checkoutCookie, startCheckout } from "@workshop/api/checkout/session.ts";
import { paymentsSandbox } from "@workshop/api/config.ts";
import { data } from "react-router";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/test-checkout";

/**
 * /test-checkout (sandbox only): fills the checkout with a sample hat, a sample Bali address and
 * Lion Parcel, then opens the payment step. In production mode it does not exist.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!paymentsSandbox()) throw data(null, { status: 404 });
  const product = (await allProducts("en")).find((p) => p.inStock);
  if (!product) throw data(null, { status: 404 });
  const id = await startCheckout(request, {
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
  return redirectIn(request, "/checkout/payment", { headers: { "Set-Cookie": await checkoutCookie(id) } });
}
