import { zodResolver } from "@hookform/resolvers/zod";
import { formatUsd } from "@workshop/domain/money.ts";
import { RETURN_WINDOW_DAYS, type ReturnKind, returnKinds } from "@workshop/domain/refunds.ts";
import type { OrderRefundsAnswer } from "@workshop/domain/staff-api/order.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { refundTexts } from "#admin/i18n/refunds.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";

type Returns = OrderRefundsAnswer["returns"];
type T = ReturnType<typeof useT<keyof typeof refundTexts.en>>;

/** What the return form sends; a reason is needed for a defect and past the 14 days (checked on submit). */
const returnForm = z.object({ kind: z.enum(returnKinds), note: z.string().trim().max(500, "tooLong") });
type ReturnForm = z.infer<typeof returnForm>;

const day = 86_400_000;
const caution = "rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm";

/**
 * Owners record a shipped or delivered hat as returned (SPEC 9): unworn, less the 15 % restocking
 * fee, or with a defect. A custom hat only for a defect; past the 14 days after delivery, only with
 * the reason. Once recorded it says so, and the refund form below proposes its amount.
 */
export function ReturnPanel({ orderId, returns, onDone }: { orderId: string; returns: Returns; onDone: (text: string) => void }) {
  const t = useT(refundTexts);
  const locale = useLocale();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ReturnForm>({
    resolver: zodResolver(returnForm),
    defaultValues: { kind: returns.custom ? "DEFECT" : "RETURN", note: "" },
  });
  const kind = form.watch("kind");
  const { errors, isSubmitting } = form.formState;
  const recorded = returns.recorded;

  if (recorded)
    return (
      <section aria-labelledby="return-title" className="mt-5">
        <h3 id="return-title" className="font-semibold">
          {t("return.title")}
        </h3>
        <p className="mt-1 text-sm">
          {t("return.recorded", {
            date: consoleDate(recorded.createdAt, locale),
            kind: t(`return.kind.${recorded.kind}`),
            fee: formatUsd(recorded.feeCents),
            proposed: formatUsd(recorded.proposedCents),
          })}{" "}
          {recorded.late && t("return.recordedLate")}
        </p>
        {recorded.note && <p className="mt-1 text-sm break-words text-ink-700">{recorded.note}</p>}
      </section>
    );

  const send = form.handleSubmit(async (values) => {
    setProblem(null);
    const noteNeeded = values.kind === "DEFECT" || returns.late;
    if (noteNeeded && values.note.length < 3) {
      form.setError("note", { message: "required" });
      return;
    }
    try {
      await api(`/api/orders/${orderId}/return`, {
        method: "POST",
        body: { kind: values.kind, ...(values.note ? { note: values.note } : {}) },
      });
      onDone(t("return.done"));
    } catch (error) {
      setProblem(returnRefusal(t, error));
    }
  });

  return (
    <section aria-labelledby="return-title" className="mt-5">
      <h3 id="return-title" className="font-semibold">
        {t("return.title")}
      </h3>
      {returns.refusal === "not-delivered" ? (
        <p className="mt-1 text-sm text-ink-600">{t("return.notDelivered")}</p>
      ) : (
        <form noValidate onSubmit={send} className="mt-2 space-y-3">
          {problem && <Notice tone="problem">{problem}</Notice>}
          {returns.custom && <p className={caution}>{t("return.custom")}</p>}
          {returns.windowStart &&
            (returns.late ? (
              <p className={caution}>{t("return.late", { date: consoleDate(returns.windowStart, locale) })}</p>
            ) : (
              <p className="text-sm text-ink-700">
                {t("return.window", {
                  date: consoleDate(returns.windowStart, locale),
                  until: consoleDate(new Date(new Date(returns.windowStart).getTime() + RETURN_WINDOW_DAYS * day), locale),
                })}
              </p>
            ))}
          <fieldset>
            <legend className="text-sm font-medium">{t("return.kind")}</legend>
            {returnKinds
              .filter((k) => !returns.custom || k === "DEFECT")
              .map((k: ReturnKind) => (
                <label key={k} className="mt-1 flex items-start gap-2 text-sm">
                  <input type="radio" value={k} className="mt-1" {...form.register("kind")} />
                  <span>
                    {t(`return.option.${k}`, {
                      cents: formatUsd(returns.proposals[k].cents),
                      fee: formatUsd(returns.proposals[k].feeCents),
                    })}
                  </span>
                </label>
              ))}
          </fieldset>
          <TextField
            label={t(kind === "DEFECT" ? "return.noteDefect" : "return.note")}
            multiline
            required={kind === "DEFECT" || returns.late}
            maxLength={500}
            error={errors.note?.message ? t(`error.${errors.note.message === "tooLong" ? "tooLong" : "required"}`) : undefined}
            {...form.register("note")}
          />
          <button type="submit" className="btn-secondary" disabled={isSubmitting}>
            {t("return.submit")}
          </button>
        </form>
      )}
    </section>
  );
}

/** A refused return in the person's words (by its code), else as the API said it. */
function returnRefusal(t: T, error: unknown): string {
  if (!(error instanceof ApiError)) return t("failed", { reason: String(error) });
  const code = (error.details as { code?: unknown } | undefined)?.code;
  const key = `refusal.${String(code)}`;
  return key in refundTexts.en ? t(key as keyof typeof refundTexts.en) : t("failed", { reason: error.message });
}
