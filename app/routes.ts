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

  route("language", "routes/language.ts"),
  route("media/:width/*", "routes/media.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  route("api/products", "routes/api/products.ts"),
  route("api/products/:id", "routes/api/product.ts"),
  route("api/instagram", "routes/api/instagram.ts"),
  route("api/*", "routes/api/not-found.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
