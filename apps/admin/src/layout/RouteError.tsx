import { isRouteErrorResponse, useRouteError } from "react-router";
import { ApiError } from "#admin/api/client.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { useT } from "#admin/i18n/use-t.ts";

/** A page that could not be drawn: what went wrong, in people's words, and a way to try again. */
export function RouteError() {
  const t = useT(consoleTexts);
  const error = useRouteError();
  const message =
    error instanceof ApiError
      ? error.status === 0
        ? t("error.unreachable")
        : error.message
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : t("error.title");
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-2xl font-semibold">{t("error.title")}</h1>
      <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        {message}
      </p>
      <button type="button" className="btn-secondary mt-4" onClick={() => location.reload()}>
        {t("error.retry")}
      </button>
    </main>
  );
}
