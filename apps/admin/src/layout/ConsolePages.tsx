import { Pages } from "@workshop/ui/Pages.tsx";
import { Link } from "react-router";
import { consoleTexts } from "#admin/i18n/console.ts";
import { useT } from "#admin/i18n/use-t.ts";

/** A list's page `n`, its filters as they are: the address a page link leads to. */
export const pageHrefOf = (params: URLSearchParams) => (n: number) => {
  const changed = new URLSearchParams(params);
  changed.set("page", String(n));
  return `?${changed}`;
};

/** The kit's page links under a console list, in the admin's language, moving within the app. */
export function ConsolePages({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  const t = useT(consoleTexts);
  return (
    <Pages
      page={page}
      pages={pages}
      hrefOf={hrefOf}
      link={({ href, ...props }) => <Link to={href} {...props} />}
      labels={{
        label: t("pages.label"),
        previous: t("pages.previous"),
        next: t("pages.next"),
        current: (page, pages) => t("pages.current", { page, pages }),
        goTo: (page) => t("pages.goTo", { page }),
      }}
    />
  );
}
