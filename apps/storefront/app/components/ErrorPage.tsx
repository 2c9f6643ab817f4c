import { useEffect } from "react";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";
import { Link } from "./localized";

type ErrorKind = "notFound" | "tooMany" | "error" | "unavailable";

/** Which designed page an error's status gets: 404, 429 and 503 their own, anything else the 500 page. */
export const errorKindOf = (status: number): ErrorKind =>
  status === 404 ? "notFound" : status === 429 ? "tooMany" : status === 503 ? "unavailable" : "error";

/** The designed 404, 429, 500 and 503 pages. Never shows a stack trace. */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const t = useT(common);
  if (kind === "tooMany") return <TooManyRequests />;
  if (kind === "unavailable") return <Unavailable />;
  const notFound = kind === "notFound";
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <title>{t(notFound ? "notFound.title" : "error.title")}</title>
      <p className="font-serif text-7xl font-semibold text-clay-600">{notFound ? "404" : "500"}</p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t(notFound ? "notFound.title" : "error.title")}</h1>
      <p className="mt-4 text-lg text-ink-700">{t(notFound ? "notFound.text" : "error.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {notFound ? (
          <>
            <Link to="/" className="btn-primary">
              {t("notFound.home")}
            </Link>
            <Link to="/products" className="btn-secondary">
              {t("notFound.shop")}
            </Link>
          </>
        ) : (
          <>
            {/* biome-ignore lint/a11y/useValidAnchor: an empty href reloads this page, also without JavaScript */}
            <a href="" className="btn-primary">
              {t("error.retry")}
            </a>
            <Link to="/" className="btn-secondary">
              {t("error.home")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * A client that sent too many orders or messages in a short time (the API's limits: apps/api/src/http/rate-limits.ts).
 * A form sent from far down the page lands here: show the message from the top.
 */
function TooManyRequests() {
  const t = useT(common);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <title>{t("tooMany.title")}</title>
      <p className="font-serif text-7xl font-semibold text-clay-600">429</p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t("tooMany.title")}</h1>
      <p className="mt-4 text-lg text-ink-700">{t("tooMany.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t("error.home")}
        </Link>
        <Link to="/contact" className="btn-secondary">
          {t("tooMany.contact")}
        </Link>
      </div>
    </section>
  );
}

/**
 * The shop's API cannot be reached (it restarts, or is down): a page that says so and offers to try
 * again. A plain link reloads the page, with or without JavaScript.
 */
function Unavailable() {
  const t = useT(common);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <title>{t("unavailable.title")}</title>
      <p className="font-serif text-7xl font-semibold text-clay-600">503</p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t("unavailable.title")}</h1>
      <p className="mt-4 text-lg text-ink-700">{t("unavailable.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* biome-ignore lint/a11y/useValidAnchor: an empty href reloads this page, also without JavaScript */}
        <a href="" className="btn-primary">
          {t("error.retry")}
        </a>
      </div>
    </section>
  );
}
