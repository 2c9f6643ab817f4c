import type { Locale } from "./locale.ts";

export type SeoInput = {
  title: string;
  description: string;
  /** Path of the page without query, e.g. '/products/3'. */
  path: string;
  origin: string;
  locale: Locale;
  image?: string;
  type?: "website" | "product";
};

/** Title, description, canonical link and Open Graph tags of a page. */
export function seoTags(s: SeoInput) {
  const url = s.origin + s.path;
  const tags: Record<string, string>[] = [
    { title: s.title },
    { name: "description", content: s.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: s.title },
    { property: "og:description", content: s.description },
    { property: "og:url", content: url },
    { property: "og:type", content: s.type ?? "website" },
    { property: "og:locale", content: s.locale === "ru" ? "ru_RU" : "en_US" },
    { name: "twitter:card", content: s.image ? "summary_large_image" : "summary" },
  ];
  if (s.image) tags.push({ property: "og:image", content: s.image.startsWith("http") ? s.image : s.origin + s.image });
  return tags;
}
