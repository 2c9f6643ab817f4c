import { storefrontConfig } from "#app/config.server.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /checkout",
    "Disallow: /api/",
    "",
    `Sitemap: ${storefrontConfig().publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
