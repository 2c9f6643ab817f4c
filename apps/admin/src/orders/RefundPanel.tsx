import { formatAmount } from "@workshop/domain/money.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { type OrderRefundsAnswer, refundReasons } from "@workshop/domain/staff-api/order.ts";
import { ConfirmStep } from "@workshop/ui/ConfirmStep.tsx";
import { Notice } from "@workshop/ui/Notice.tsx";
import { useState } from "react";
import { api } from "#admin/api/client.ts";
import { orderTexts } from "#admin/i18n/order.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { refusalOf } from "./order-problems.ts";

type Payment = OrderRefundsAnswer["payments"][number];

/** The reason a refund most likely has, from why the payment needs one (the old page's choice). */
const reasonFor = (cause: string | null) =>
  cause === "paid-twice" ? "DUPLICATE" : cause === "paid-after-cancel" || cause === "order-cancelled" ? "CANCELLATION" : "OTHERS";

/**
 * Owners only (the page draws it only with the owners' refunds answer): each payment that needs or
 * had a refund, and a refund of one in full through the payments' endpoint after its confirm step.
 */
export function RefundPanel({
  orderId,
  orderNumber,
  refunds,
  onDone,
}: {
  orderId: string;
  orderNumber: string;
  refunds: OrderRefundsAnswer;
  onDone: () => void;
}) {
  const shown = refunds.payments.filter((p) => p.cause || p.blockedBy === "refunded" || p.blockedBy === "in-progress");
  if (shown.length === 0) return null;
  return (
    <ul className="mt-3 space-y-3">
      {shown.map((payment) => (
        <RefundOne key={payment.paymentAttemptId} orderId={orderId} orderNumber={orderNumber} payment={payment} onDone={onDone} />
      ))}
    </ul>
  );
}

function RefundOne({
  orderId,
  orderNumber,
  payment,
  onDone,
}: {
  orderId: string;
  orderNumber: string;
  payment: Payment;
  onDone: () => void;
}) {
  const t = useT(orderTexts);
  const locale = useLocale();
  const [reason, setReason] = useState<string>(reasonFor(payment.cause));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = formatAmount(payment.amount, payment.currency);
  const refund = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await api(`/api/orders/${orderId}/refunds`, { method: "POST", body: { paymentAttemptId: payment.paymentAttemptId, reason } });
      setAsking(false);
      onDone();
    } catch (error) {
      setProblem(refusalOf(t, error));
    } finally {
      setBusy(false);
    }
  };
  const id = `refund-reason-${payment.attempt}`;
  return (
    <li className="rounded-xl border border-sand-200 p-3 text-sm">
      <p className="font-medium">
        {t("refund.payment", { n: payment.attempt, method: paymentMethodName(payment.method, locale), amount })}
      </p>
      {payment.cause && <p className="mt-1 text-amber-900">{codeText(t, "refund.cause", payment.cause)}</p>}
      {problem && <Notice tone="problem">{problem}</Notice>}
      {payment.refundable ? (
        asking ? (
          <ConfirmStep
            no={t("confirm.no")}
            title={t("refund.title", { number: orderNumber })}
            text={t("refund.text", { amount })}
            yes={t("refund.yes")}
            busy={busy}
            onYes={() => void refund()}
            onNo={() => setAsking(false)}
          />
        ) : (
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={id} className="block text-sm font-medium">
                {t("refund.reason")}
              </label>
              <select
                id={id}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className="mt-1 rounded-xl border border-sand-300 bg-white px-3 py-2"
              >
                {refundReasons.map((r) => (
                  <option key={r} value={r}>
                    {t(`refund.reason.${r}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
              {t("refund.button", { amount })}
            </button>
          </div>
        )
      ) : (
        payment.blockedBy && <p className="mt-1 text-ink-600">{codeText(t, "refund.blocked", payment.blockedBy)}</p>
      )}
    </li>
  );
}

/** A cause or a block in the person's words, else its code. */
function codeText(t: ReturnType<typeof useT<keyof typeof orderTexts.en>>, prefix: string, code: string): string {
  const key = `${prefix}.${code}`;
  return key in orderTexts.en ? t(key as keyof typeof orderTexts.en) : code;
}
