import { locales } from "@workshop/domain/locale.ts";
import { Form, useLocation } from "react-router";
import { common } from "#app/i18n/common.ts";
import { useLocale, useT } from "#app/i18n/core.ts";

/** EN | RU buttons; a plain form post, so it works without JavaScript too. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useT(common);
  const locale = useLocale();
  const location = useLocation();
  return (
    <Form method="post" action="/language" className={`flex items-center gap-1 text-sm ${className}`} aria-label={t("language.label")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {locales.map((l) => (
        <button
          key={l}
          type="submit"
          name="lang"
          value={l}
          lang={l}
          aria-pressed={l === locale}
          title={t(`language.${l}`)}
          className={`rounded px-2 py-1 font-medium uppercase tracking-wide ${
            l === locale ? "bg-ink-900 text-sand-50" : "text-ink-700 hover:bg-sand-200"
          }`}
        >
          {l}
        </button>
      ))}
    </Form>
  );
}
