import type { RowData } from "@tanstack/react-table";
import { DataTable, type DataTableProps } from "@workshop/ui/DataTable.tsx";
import { Link } from "react-router";
import { consoleTexts } from "#admin/i18n/console.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";

type Props<TData extends RowData> = Omit<DataTableProps<TData>, "count" | "firstPage" | "link" | "pagesLabels"> & {
  /** The whole list's count in words, given the number as the admin's language writes it ("Orders: {count}"). */
  count: (count: string) => string;
};

/** The kit's list page in the console: the admin's language, and links that move within the app. */
export function ConsoleList<TData extends RowData>({ count, ...props }: Props<TData>) {
  const t = useT(consoleTexts);
  const locale = useLocale();
  const { answered } = props.list;
  return (
    <DataTable
      {...props}
      count={answered ? count(answered.total.toLocaleString(locale)) : undefined}
      firstPage={t("pages.first")}
      link={({ href, ...link }) => <Link to={href} {...link} />}
      pagesLabels={{
        label: t("pages.label"),
        previous: t("pages.previous"),
        next: t("pages.next"),
        current: (page, pages) => t("pages.current", { page, pages }),
        goTo: (page) => t("pages.goTo", { page }),
      }}
    />
  );
}
