import { useT } from "#app/i18n/core.ts";
import { home } from "#app/i18n/home.ts";
import { NoticePage } from "./NoticePage";

/** 'Failed to load products' with a Try Again that reloads the page (home and product list). */
export function LoadError() {
  const t = useT(home);
  return (
    <NoticePage role="alert" title={t("error.title")} text={t("error.text")}>
      {/* biome-ignore lint/a11y/useValidAnchor: an empty href reloads this page, also without JavaScript */}
      <a href="" className="btn-primary">
        {t("error.retry")}
      </a>
    </NoticePage>
  );
}
