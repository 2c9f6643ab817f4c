import { useRouteLoaderData } from "react-router";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";

/** Without a Xendit key the shop is a demo: every page says so, so it is never taken for the real shop. */
export function DemoBanner() {
  const t = useT(common);
  const root = useRouteLoaderData("root") as { demo?: boolean } | undefined;
  if (!root?.demo) return null;
  return (
    <p role="note" className="bg-ink-900 px-3 py-1.5 text-center text-xs font-semibold leading-snug text-sand-50">
      {t("demo.banner")}
    </p>
  );
}
