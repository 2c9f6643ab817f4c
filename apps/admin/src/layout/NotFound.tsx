import { Link } from "react-router";
import { consoleTexts } from "#admin/i18n/console.ts";
import { useT } from "#admin/i18n/use-t.ts";

export function Component() {
  const t = useT(consoleTexts);
  return (
    <section>
      <title>{t("notFound.title")}</title>
      <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
      <Link to="/admin" className="btn-secondary mt-4">
        {t("notFound.back")}
      </Link>
    </section>
  );
}
