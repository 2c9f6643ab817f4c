import { Form, Link } from "#app/components/localized.tsx";
import { useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { failedUrl, type PaymentPageState, successUrl } from "./payment-state";

type Props = {
  state: PaymentPageState;
  orderId: string;
  paymentId: string;
  /** The method of this payment: 'Try Again' starts a new payment with it. */
  methodCode: string;
  /** The manual check (with JavaScript). Without it the button reloads the page, whose loader asks afresh. */
  onCheck: () => void;
  checking: boolean;
  /** What the last manual check found: still pending, or no usable answer. */
  lastCheck: "pending" | "unavailable" | null;
};

/**
 * The ways on from a payment page (SPEC 2.9): while pending 'Check Payment Status' and 'Try
 * Different Method'; when failed or expired 'Try Again' (a new payment of the same order with the
 * same method) and 'Choose Another Method'.
 */
export function PaymentActions({ state, orderId, paymentId, methodCode, onCheck, checking, lastCheck }: Props) {
  const t = useT(payments);

  if (state === "succeeded") {
    return (
      <div className="flex flex-wrap gap-3">
        <Link to={successUrl(orderId, paymentId)} className="btn-primary w-full sm:w-auto">
          {t("continue")}
        </Link>
      </div>
    );
  }

  if (state === "failed" || state === "expired") {
    return (
      <div className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Form method="post" action="/checkout/payment" className="contents">
            <input type="hidden" name="orderId" value={orderId} />
            <input type="hidden" name="paymentMethod" value={methodCode} />
            <button type="submit" className="btn-primary">
              {t("tryAgain")}
            </button>
          </Form>
          <Link to="/checkout/payment" className="btn-secondary">
            {t("tryAnother")}
          </Link>
        </div>
        {state === "failed" && (
          <p className="text-sm text-ink-700">
            <Link to={failedUrl(orderId, paymentId)} className="font-semibold text-clay-700 underline underline-offset-4">
              {t("seeWhy")}
            </Link>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <form
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            onCheck();
          }}
          className="contents"
        >
          <input type="hidden" name="order_id" value={orderId} />
          <input type="hidden" name="payment_id" value={paymentId} />
          <button type="submit" className="btn-primary" disabled={checking}>
            {checking ? t("checking") : t("check")}
          </button>
        </form>
        <Link to="/checkout/payment" className="btn-secondary">
          {t("tryDifferent")}
        </Link>
      </div>
      <p role="status" className="min-h-5 text-sm text-ink-700">
        {lastCheck === "pending" ? t("check.pending") : lastCheck === "unavailable" ? t("check.unavailable") : ""}
      </p>
    </div>
  );
}
