import { zodResolver } from "@hookform/resolvers/zod";
import { formatAmount, formatUsd } from "@workshop/domain/money.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { type RefundWay, refundWays } from "@workshop/domain/refunds.ts";
import { type OrderDetailAnswer, type OrderRefundsAnswer, refundReasons } from "@workshop/domain/staff-api/order.ts";
import { ConfirmStep } from "@workshop/ui/ConfirmStep.tsx";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate, consoleDay } from "#admin/dates.ts";
import { refundTexts } from "#admin/i18n/refunds.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { useRefundLabels } from "./refund-labels.ts";

type Payment = OrderRefundsAnswer["payments"][number];
type Order = OrderDetailAnswer["order"];
type T = ReturnType<typeof useT<keyof typeof refundTexts.en>>;

const IN_STORE = "in-store";

/** Dollars as typed ("12.5", "12.50", "1,250.00") in cents; null when it is no amount. */
function centsOf(text: string): number | null {
  const clean = text.trim().replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ""] = clean.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The form: what is typed; the amount is checked against what the chosen payment has left, and may take. */
function refundForm(rules: (payment: string) => { left: number; fullOnly: boolean }) {
  return z
    .object({
      payment: z.string().min(1, "required"),
      way: z.enum(refundWays),
      amount: z.string(),
      reason: z.enum(refundReasons),
      reference: z.string().trim().max(100, "tooLong"),
      arrivesBy: z.string(),
      note: z.string().trim().max(500, "tooLong"),
    })
    .superRefine((value, context) => {
      const cents = centsOf(value.amount);
      const { left, fullOnly } = rules(value.payment);
      if (cents === null || cents < 1) context.addIssue({ code: "custom", path: ["amount"], message: "amount" });
      else if (cents > left) context.addIssue({ code: "custom", path: ["amount"], message: "amountLeft" });
      else if (value.way === "XENDIT" && fullOnly && cents !== left)
        context.addIssue({ code: "custom", path: ["amount"], message: "fullOnly" });
      if (value.way !== "XENDIT" && !value.reference) context.addIssue({ code: "custom", path: ["reference"], message: "required" });
      if (value.way === "BANK_TRANSFER" && !/^\d{4}-\d{2}-\d{2}$/.test(value.arrivesBy))
        context.addIssue({ code: "custom", path: ["arrivesBy"], message: "required" });
    });
}
type RefundForm = z.infer<ReturnType<typeof refundForm>>;

/** The reason a refund most likely has, from why its payment needs one. */
const reasonFor = (cause: string | null) =>
  cause === "paid-twice"
    ? "DUPLICATE"
    : cause === "paid-after-cancel" || cause === "order-cancelled"
      ? "CANCELLATION"
      : cause
        ? "OTHERS"
        : "REQUESTED_BY_CUSTOMER";

/** The ways a payment may go back now: through Xendit where it can, by hand where the amount is the shop's. */
const waysOf = (payment: Payment | undefined): RefundWay[] =>
  payment ? refundWays.filter((way) => (way === "XENDIT" ? payment.refundable : payment.byHand)) : [];

/**
 * Owners only (the page draws it only with the owners' refunds answer): each payment with what it
 * took, what went back and what is left, and one form that gives back all or part of one of them,
 * through Xendit or recorded as made by hand, after its confirm step. A recorded return's proposal
 * fills the amount until a refund is made after the return.
 */
export function RefundPanel({ order, refunds, onDone }: { order: Order; refunds: OrderRefundsAnswer; onDone: (text: string) => void }) {
  const t = useT(refundTexts);
  const locale = useLocale();
  const label = useRefundLabels();
  const shown = refunds.payments.filter((p) => p.paidUsdCents > 0 || p.cause);
  // A payment that should not have been taken (paid twice, after a cancel) comes first.
  const open = shown.filter((p) => waysOf(p).length > 0 && p.leftUsdCents > 0).sort((a, b) => Number(!a.cause) - Number(!b.cause));
  // A recorded return's proposal, until a refund is made after it (the return's refund, most likely).
  const recorded = refunds.returns.recorded;
  const proposal = recorded && !recorded.refundedSince ? recorded.proposedCents : null;
  const first = open[0];
  const rules = (id: string) => {
    const chosen = open.find((p) => p.paymentAttemptId === id);
    return { left: chosen?.leftUsdCents ?? 0, fullOnly: chosen?.xendit === "full" };
  };
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundForm(rules)),
    defaultValues: {
      payment: first?.paymentAttemptId ?? "",
      way: waysOf(first)[0] ?? "BANK_TRANSFER",
      // A return's proposal while it stands; after the return's refund, nothing (what is left is the
      // fee and the delivery the shop keeps); with no return, all that is left.
      amount: !first
        ? ""
        : proposal !== null
          ? dollars(Math.min(proposal, first.leftUsdCents))
          : recorded
            ? ""
            : dollars(first.leftUsdCents),
      reason: reasonFor(first?.cause ?? null),
      reference: "",
      arrivesBy: "",
      note: "",
    },
  });
  const [asking, setAsking] = useState<RefundForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { errors } = form.formState;
  const payment = open.find((p) => p.paymentAttemptId === form.watch("payment"));
  const way = form.watch("way");
  const fullOnly = way === "XENDIT" && payment?.xendit === "full";
  const name = (p: Payment) => paymentMethodName(p.method, locale);

  const choose = (id: string) => {
    const next = open.find((p) => p.paymentAttemptId === id);
    form.setValue("way", waysOf(next)[0] ?? "BANK_TRANSFER");
    form.setValue("amount", next ? dollars(next.leftUsdCents) : "");
    form.setValue("reason", reasonFor(next?.cause ?? null));
  };
  /** Sends again a Xendit refund whose answer was lost, as it was: its amount and reason. */
  const sendAgain = async (p: Payment, unanswered: NonNullable<Payment["unanswered"]>) => {
    setBusy(true);
    setProblem(null);
    try {
      await api(`/api/orders/${order.id}/refunds`, {
        method: "POST",
        body: { paymentAttemptId: p.paymentAttemptId, reason: unanswered.reason, amountUsdCents: unanswered.amountUsdCents, way: "XENDIT" },
      });
      onDone(t("resend.done"));
    } catch (error) {
      setProblem(t("failed", { reason: error instanceof ApiError ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  const refund = async (values: RefundForm) => {
    setBusy(true);
    setProblem(null);
    try {
      await api(`/api/orders/${order.id}/refunds`, {
        method: "POST",
        body: {
          paymentAttemptId: values.payment,
          reason: values.reason,
          amountUsdCents: centsOf(values.amount),
          way: values.way,
          ...(values.way === "XENDIT" ? {} : { reference: values.reference }),
          ...(values.way === "BANK_TRANSFER" ? { arrivesBy: values.arrivesBy } : {}),
          ...(values.note ? { note: values.note } : {}),
        },
      });
      setAsking(null);
      onDone(t(values.way === "XENDIT" ? "done.xendit" : "done.byHand"));
    } catch (error) {
      setAsking(null);
      setProblem(t("failed", { reason: error instanceof ApiError ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (message: string | undefined) =>
    message === undefined
      ? undefined
      : message === "amountLeft"
        ? t("error.amountLeft", { left: formatUsd(payment?.leftUsdCents ?? 0) })
        : message === "amount" || message === "required" || message === "tooLong" || message === "fullOnly"
          ? t(`error.${message}`)
          : message;

  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="refund-title" className="mt-5">
      <h3 id="refund-title" className="font-semibold">
        {t("payments.title")}
      </h3>
      <ul className="mt-2 space-y-2 text-sm">
        {shown.map((p) => {
          const line = {
            n: p.attempt,
            method: name(p),
            paid: formatUsd(p.paidUsdCents),
            refunded: formatUsd(p.refundedUsdCents),
            left: `${formatUsd(p.leftUsdCents)} (${formatAmount(p.leftAmount, p.currency)})`,
          };
          return (
            <li key={p.paymentAttemptId} className="rounded-xl border border-sand-200 p-3" data-payment={p.attempt}>
              <p className="font-medium">{t(p.paymentAttemptId === IN_STORE ? "payments.lineInStore" : "payments.line", line)}</p>
              {p.cause && <p className="mt-1 text-amber-900">{codeText(t, "cause", p.cause)}</p>}
              {p.unanswered ? (
                <div className="mt-1 flex flex-wrap items-center gap-3">
                  <p className="flex-1 basis-60 text-amber-900">
                    {t("blocked.send-again", {
                      amount: formatUsd(p.unanswered.amountUsdCents),
                      date: consoleDate(p.unanswered.createdAt, locale),
                    })}
                  </p>
                  <button type="button" className="btn-secondary" disabled={busy} onClick={() => void sendAgain(p, p.unanswered!)}>
                    {t("resend.button")}
                  </button>
                </div>
              ) : (
                p.blockedBy && p.blockedBy !== "not-paid" && <p className="mt-1 text-ink-600">{codeText(t, "blocked", p.blockedBy)}</p>
              )}
            </li>
          );
        })}
      </ul>
      {refunds.money.overRefundedUsdCents > 0 && (
        <p className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t("over.warning", { amount: formatUsd(refunds.money.overRefundedUsdCents) })}
        </p>
      )}
      {problem && <Notice tone="problem">{problem}</Notice>}
      {open.length > 0 &&
        (asking ? (
          <ConfirmStep
            no={t("confirm.no")}
            title={t("confirm.title", { amount: formatUsd(centsOf(asking.amount) ?? 0), number: order.orderNumber })}
            text={
              asking.way === "XENDIT"
                ? t("confirm.xendit", { amount: formatUsd(centsOf(asking.amount) ?? 0), method: payment ? name(payment) : "" })
                : asking.way === "BANK_TRANSFER"
                  ? t("confirm.BANK_TRANSFER", { reference: asking.reference, date: consoleDay(asking.arrivesBy, locale) })
                  : t("confirm.CASH", { reference: asking.reference })
            }
            yes={t("confirm.yes")}
            busy={busy}
            onYes={() => void refund(asking)}
            onNo={() => setAsking(null)}
          />
        ) : (
          <form noValidate onSubmit={form.handleSubmit((values) => setAsking(values))} className="mt-3 grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t("form.payment")}
              options={open.map((p) => ({
                value: p.paymentAttemptId,
                label: t(p.paymentAttemptId === IN_STORE ? "form.paymentInStore" : "form.paymentOption", {
                  n: p.attempt,
                  method: name(p),
                  left: formatUsd(p.leftUsdCents),
                }),
              }))}
              {...form.register("payment", { onChange: (event) => choose(event.target.value) })}
            />
            <SelectField
              label={t("form.way")}
              options={waysOf(payment).map((w) => ({ value: w, label: label.way(w) }))}
              {...form.register("way", {
                onChange: (event) => {
                  if (event.target.value === "XENDIT" && payment?.xendit === "full") form.setValue("amount", dollars(payment.leftUsdCents));
                },
              })}
            />
            <div className="sm:col-span-2">
              <TextField
                label={t("form.amount")}
                hint={fullOnly ? t("form.fullOnly") : t("form.amountHint", { left: formatUsd(payment?.leftUsdCents ?? 0) })}
                error={fieldError(errors.amount?.message)}
                {...form.register("amount")}
              />
              {!fullOnly && payment && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="button" className="btn-secondary" onClick={() => form.setValue("amount", dollars(payment.leftUsdCents))}>
                    {t("form.all")}
                  </button>
                  {order.deliveryCostCents > 0 && order.deliveryCostCents <= payment.leftUsdCents && (
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => form.setValue("amount", dollars(order.deliveryCostCents))}
                    >
                      {t("form.delivery")}
                    </button>
                  )}
                  {proposal !== null && proposal > 0 && (
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => form.setValue("amount", dollars(Math.min(proposal, payment.leftUsdCents)))}
                    >
                      {t("form.return")}
                    </button>
                  )}
                </div>
              )}
            </div>
            <SelectField
              label={t("form.reason")}
              options={refundReasons.map((r) => ({ value: r, label: label.reason(r) }))}
              {...form.register("reason")}
            />
            {way !== "XENDIT" && (
              <TextField
                label={t("form.reference")}
                maxLength={100}
                error={fieldError(errors.reference?.message)}
                {...form.register("reference")}
              />
            )}
            {way === "BANK_TRANSFER" && (
              <div>
                <label htmlFor="field-arrivesBy" className="text-sm font-medium text-ink-900">
                  {t("form.arrivesBy")}
                </label>
                <input
                  id="field-arrivesBy"
                  type="date"
                  aria-invalid={errors.arrivesBy ? true : undefined}
                  aria-describedby={errors.arrivesBy ? "field-arrivesBy-error" : undefined}
                  className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base shadow-sm ${errors.arrivesBy ? "border-red-600" : "border-sand-300"}`}
                  {...form.register("arrivesBy")}
                />
                {errors.arrivesBy && (
                  <p id="field-arrivesBy-error" className="mt-1.5 text-sm text-red-700">
                    {fieldError(errors.arrivesBy.message)}
                  </p>
                )}
              </div>
            )}
            <div className="sm:col-span-2">
              <TextField
                label={t("form.note")}
                required={false}
                maxLength={500}
                error={fieldError(errors.note?.message)}
                {...form.register("note")}
              />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary">
                {t("form.submit")}
              </button>
            </div>
          </form>
        ))}
    </section>
  );
}

/** A cause or a block in the person's words, else its code. */
function codeText(t: T, prefix: string, code: string): string {
  const key = `${prefix}.${code}`;
  return key in refundTexts.en ? t(key as keyof typeof refundTexts.en) : code;
}
