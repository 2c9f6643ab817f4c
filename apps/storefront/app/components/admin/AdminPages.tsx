import { Pages } from "@workshop/ui/Pages.tsx";
import { admin } from "#app/i18n/admin.ts";
import { useT } from "#app/i18n/core.ts";

/** The kit's page links under an admin list, in the admin's language. */
export function AdminPages({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  const t = useT(admin);
  const labels = {
    label: t("pages.label"),
    previous: t("pages.previous"),
    next: t("pages.next"),
    current: (page: number, pages: number) => t("pages.current", { page, pages }),
    goTo: (page: number) => t("pages.goTo", { page }),
  };
  return <Pages page={page} pages={pages} hrefOf={hrefOf} labels={labels} />;
}
