import { type Locale, localePath, locales } from "./locale.ts";

export type SeoInput = {
  title: string;
  description: string;
  /** Path of the page without query and language, e.g. '/products/3'. */
  path: string;
  origin: string;
  locale: Locale;
  image?: string;
  type?: "website" | "product";
};

/** The page's address in each language, and 'x-default' (English) for everyone else. */
export function languageAlternates(origin: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...locales.map((l) => ({ hreflang: l, href: origin + localePath(l, path) })),
    { hreflang: "x-default", href: origin + localePath("en", path) },
  ];
}

/** Title, description, canonical link (the page in its own language), language alternates and Open Graph tags. */
export function seoTags(s: SeoInput) {
  const url = s.origin + localePath(s.locale, s.path);
  const tags: Record<string, string>[] = [
    { title: s.title },
    { name: "description", content: s.description },
    { tagName: "link", rel: "canonical", href: url },
    // React's name for the hreflang attribute.
    ...languageAlternates(s.origin, s.path).map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hreflang, href: a.href })),
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
