/** Sample customers and orders for tests that place orders over HTTP. */

/** A customer in New York: DHL delivery, every online method. */
export const newYorkAddress = {
  fullName: "Emma Stone",
  email: "emma@example.com",
  phone: "+1 212 555 0100",
  addressLine1: "350 Fifth Avenue",
  city: "New York",
  state: "New York",
  postalCode: "10118",
  country: "United States",
};

/** A customer in Ubud, Bali: pickup at the workshop and cash in store are offered. */
export const baliAddress = {
  fullName: "Made Wirawan",
  email: "made@example.com",
  phone: "+62 812 3456 789",
  addressLine1: "Jl. Raya Ubud 10",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia",
};

/** A `POST /api/orders` body for the first hat in stock of the shop at `origin`, by BCA virtual account. */
export async function orderPayload(origin: string) {
  const products = (await (await fetch(`${origin}/api/products`)).json()) as {
    id: number;
    price: number;
    sizes: { sizeInCm: number }[];
    inStock: boolean;
  }[];
  const p = products.find((x) => x.inStock)!;
  return {
    productId: p.id,
    selectedSize: p.sizes[0]!.sizeInCm,
    price: p.price,
    shippingAddress: newYorkAddress,
    shipping: { method: "DHL", cost: 30 },
    total: p.price + 30,
    paymentMethod: "BCA",
  };
}
