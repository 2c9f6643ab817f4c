import { type ExchangeRateAnswer, exchangeRateAnswer } from "@workshop/domain/staff-api/exchange-rate.ts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { dashboardTexts } from "#admin/i18n/dashboard.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { useSession } from "#admin/session/session.ts";

/**
 * A reading of the rate source held back because it jumped more than 20 % from the rate prices use:
 * what it is, when it is taken by itself, and (owners) a button that takes it now.
 */
export function HeldRateNotice({ rate }: { rate: ExchangeRateAnswer }) {
  const t = useT(dashboardTexts);
  const locale = useLocale();
  const { staff } = useSession();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!rate.held) return null;
  const { held } = rate;
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await api("/api/admin/exchange-rate/confirm", { method: "POST", body: { rate: held.rate }, answer: exchangeRateAnswer });
      await revalidator.revalidate();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const idr = (text: string) => Number(text).toLocaleString(locale, { minimumFractionDigits: 2 });
  return (
    <section aria-label={t("rate.title")} className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-semibold">{t("rate.title")}</p>
      <p className="mt-1">
        {t("rate.text", {
          held: idr(held.rate),
          inUse: idr(rate.rate),
          takenAt: consoleDate(held.takenAt, locale),
        })}
      </p>
      {problem && (
        <p role="alert" className="mt-2 text-red-800">
          {problem}
        </p>
      )}
      {staff.role === "owner" ? (
        <button type="button" className="btn-primary mt-3" disabled={busy} onClick={() => void confirm()}>
          {t("rate.confirm", { held: idr(held.rate) })}
        </button>
      ) : (
        <p className="mt-2 text-xs">{t("rate.ownersOnly")}</p>
      )}
    </section>
  );
}
