import { type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table: storefront pages (SPEC 2.1), checkout, media and search-engine files. The JSON API
 * (/api/…) is the API's own (apps/api/src/app.ts), forwarded to it before React Router (server/api-proxy.ts);
 * the staff pages are the console's (apps/admin), where the storefront sends /admin/… (server/console-redirect.ts).
 * Pages answer at their English path and under /ru/ in Russian (`ru?/…`, decision 010).
 */
export default [
  route("ru?", "routes/storefront/home.tsx"),
  route("ru?/products", "routes/storefront/products.tsx"),
  route("ru?/products/:id", "routes/storefront/product.tsx"),
  route("ru?/about", "routes/storefront/about.tsx"),
  route("ru?/contact", "routes/storefront/contact.tsx"),
  route("ru?/showroom", "routes/storefront/showroom.tsx"),
  route("ru?/shipping", "routes/storefront/shipping.tsx"),
  route("ru?/faq", "routes/storefront/faq.tsx"),
  route("ru?/custom", "routes/storefront/custom.tsx"),
  route("ru?/custom-order", "routes/storefront/custom-order-redirect.ts"),

  route("ru?/checkout", "routes/checkout/confirmation.tsx", { id: "checkout" }),
  route("ru?/checkout/confirmation", "routes/checkout/confirmation.tsx", { id: "checkout-confirmation" }),
  route("ru?/checkout/success", "routes/checkout/success.tsx"),
  route("ru?/checkout/complete", "routes/checkout/complete.tsx"),
  route("ru?/checkout/failed", "routes/checkout/failed.tsx"),
  route("ru?/checkout/qr", "routes/checkout/qr.tsx"),
  route("checkout/qr-code/:file", "routes/checkout/qr-code.ts"),
  route("ru?/checkout/payment-instructions", "routes/checkout/payment-instructions.tsx"),
  route("ru?/orders/:token", "routes/orders/order.tsx"),
  route("ru?/orders/:token/stage-mails", "routes/orders/stage-mails.tsx"),
  route("ru?/quotes/:token", "routes/quotes/quote.tsx"),
  route("ru?/checkout/shipping", "routes/checkout/shipping.tsx", { id: "checkout-shipping" }),
  route("ru?/checkout/shipping-address", "routes/checkout/shipping.tsx", { id: "checkout-shipping-address" }),
  route("ru?/checkout/shipping-options", "routes/checkout/shipping-options.tsx"),
  route("ru?/checkout/payment", "routes/checkout/payment.tsx"),
  route("ru?/checkout/clear", "routes/checkout/clear.ts"),
  route("ru?/checkout/return", "routes/checkout/return.ts"),
  route("ru?/checkout/sandbox-payment", "routes/checkout/sandbox-payment.ts"),
  route("ru?/test-checkout", "routes/checkout/test-checkout.ts"),

  route("language", "routes/language.ts"),
  route("payment-logos/:file", "routes/payment-logo.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-file.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
