import { openingHoursText } from "@workshop/domain/opening-hours-text.ts";
import { seoTags } from "@workshop/domain/seo.ts";
import { shop } from "@workshop/domain/shop.ts";
import type { MetaDescriptor } from "react-router";
import { type Catalogue, metaLocale, translator } from "#app/i18n/core.ts";

type MetaArgs = { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] };

/** The shop's facts that page titles and descriptions may mention. */
const shopVars = { name: shop.name, year: shop.foundedYear, founder: shop.founder, place: shop.address.village };

/** The meta function of a page whose title and description are its catalogue's 'meta.*' texts. */
export function pageMeta(catalogue: Catalogue<"meta.title" | "meta.description">, path: string) {
  return ({ matches }: MetaArgs): MetaDescriptor[] => {
    const locale = metaLocale(matches);
    const t = translator(catalogue, locale);
    const vars = { ...shopVars, hours: openingHoursText(locale) };
    const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
    return seoTags({
      title: t("meta.title", vars),
      description: t("meta.description", vars),
      path,
      origin: root?.origin ?? "",
      locale,
    });
  };
}
