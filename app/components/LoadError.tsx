import { home } from "../i18n/home";
import { useT } from "../i18n/core";
import { NoticePage } from "./NoticePage";

/** 'Failed to load products' with a Try Again that reloads the page (home and product list). */
export function LoadError() {
  const t = useT(home);
  return (
    <NoticePage role="alert" title={t("error.title")} text={t("error.text")}>
      <a href="" className="btn-primary">
        {t("error.retry")}
      </a>
    </NoticePage>
  );
}
