import type { Locale } from "@workshop/domain/locale.ts";
import { readProduct } from "#server/catalog/products.ts";
import { AppError } from "#server/errors.ts";
import type { Caller } from "#server/http/caller.ts";
import { startCheckout } from "./session.ts";

/**
 * Order Now: checks the product can be ordered in that size and stores the choice, with the
 * price read from the database, in the visitor's checkout session. Returns the session id.
 */
export async function orderNow(request: Caller, productId: number, sizeText: string | null, locale: Locale): Promise<string> {
  const product = await readProduct(productId, locale);
  if (!product) throw new AppError("not_found", "Product not found");
  if (!product.inStock) throw new AppError("conflict", "This product is out of stock");
  let selectedSize: number | null = null;
  if (product.sizes.length > 0) {
    selectedSize = sizeText && /^\d{2}$/.test(sizeText) ? Number(sizeText) : null;
    if (selectedSize === null || !product.sizes.includes(selectedSize)) throw new AppError("invalid", "Please select a size");
  }
  return startCheckout(request, {
    productId: product.id,
    productName: product.name,
    selectedSize,
    priceCents: product.priceCents,
    quoteId: null,
    payOrderId: null,
  });
}
