import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** The route table: storefront pages (SPEC 2.1), checkout, JSON API, media and search-engine files. */
export default [
  index("routes/storefront/home.tsx"),
  route("products", "routes/storefront/products.tsx"),
  route("products/:id", "routes/storefront/product.tsx"),
  route("about", "routes/storefront/about.tsx"),
  route("contact", "routes/storefront/contact.tsx"),
  route("showroom", "routes/storefront/showroom.tsx"),
  route("shipping", "routes/storefront/shipping.tsx"),
  route("faq", "routes/storefront/faq.tsx"),
  route("custom-order", "routes/storefront/custom-order-redirect.ts"),

  route("checkout", "routes/checkout/confirmation.tsx", { id: "checkout" }),
  route("checkout/confirmation", "routes/checkout/confirmation.tsx", { id: "checkout-confirmation" }),
  route("checkout/success", "routes/checkout/success.tsx"),
  route("checkout/complete", "routes/checkout/complete.tsx"),
  route("orders/:token", "routes/orders/order.tsx"),
  route("checkout/shipping", "routes/checkout/shipping.tsx", { id: "checkout-shipping" }),
  route("checkout/shipping-address", "routes/checkout/shipping.tsx", { id: "checkout-shipping-address" }),
  route("checkout/shipping-options", "routes/checkout/shipping-options.tsx"),
  route("checkout/payment", "routes/checkout/payment.tsx"),
  route("checkout/clear", "routes/checkout/clear.ts"),
  route("test-checkout", "routes/checkout/test-checkout.ts"),

  route("language", "routes/language.ts"),
  route("media/:width/*", "routes/media.ts"),
  route("payment-logos/:file", "routes/payment-logo.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  route("api/products", "routes/api/products.ts"),
  route("api/products/:id", "routes/api/product.ts"),
  route("api/instagram", "routes/api/instagram.ts"),
  route("api/orders", "routes/api/orders.ts"),
  route("api/orders/update-payment-status", "routes/api/order-payment-status.ts"),
  route("api/rates/usd-idr", "routes/api/rates.ts"),
  route("api/*", "routes/api/not-found.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
