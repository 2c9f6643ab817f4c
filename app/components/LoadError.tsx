import { home } from "../i18n/home";
import { useT } from "../i18n/core";

/** 'Failed to load products' with a Try Again that reloads the page (home and product list). */
export function LoadError() {
  const t = useT(home);
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{t("error.title")}</h1>
      <p className="mt-4 text-lg text-ink-700">{t("error.text")}</p>
      <a href="" className="btn-primary mt-8">
        {t("error.retry")}
      </a>
    </section>
  );
}
