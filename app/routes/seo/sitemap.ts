import { productStamps } from "../../../server/catalog/products.ts";
import { config } from "../../../server/config.ts";

const pages = ["/", "/products", "/about", "/contact", "/showroom", "/shipping", "/faq"];

/** /sitemap.xml: every page and every product. */
export async function loader() {
  const origin = config().publicUrl;
  const products = await productStamps();
  const urls = [
    ...pages.map((p) => `<url><loc>${origin}${p}</loc></url>`),
    ...products.map((p) => `<url><loc>${origin}/products/${p.id}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
