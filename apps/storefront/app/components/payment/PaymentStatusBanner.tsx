import { useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import type { PaymentPageState } from "./payment-state";

type Props = {
  state: PaymentPageState;
  /** The QR page speaks of its QR code expiring, the instructions page of the payment request. */
  variant: "qr" | "instructions";
};

const looks: Record<PaymentPageState, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-950",
  succeeded: "border-leaf-600/40 bg-green-50 text-leaf-700",
  failed: "border-red-300 bg-red-50 text-red-900",
  expired: "border-red-300 bg-red-50 text-red-900",
};

/**
 * Where the payment stands, in a live region: a change (paid, failed, expired) is announced.
 * The region itself stays in place so that screen readers notice its new text.
 */
export function PaymentStatusBanner({ state, variant }: Props) {
  const t = useT(payments);
  const [title, text] =
    state === "pending"
      ? [t("status.pending.title"), t("status.pending.text")]
      : state === "succeeded"
        ? [t("status.succeeded.title"), t("status.succeeded.text")]
        : state === "failed"
          ? [t("status.failed.title"), t("status.failed.text")]
          : variant === "qr"
            ? [t("status.qrExpired.title"), t("status.qrExpired.text")]
            : [t("status.expired.title"), t("status.expired.text")];

  return (
    <div
      role="status"
      aria-atomic="true"
      className={`flex gap-3 rounded-2xl border px-4 py-3.5 sm:px-5 ${looks[state]}`}
      data-state={state}
    >
      <StateIcon state={state} />
      <p className="leading-snug">
        <strong className="block font-semibold">{title}</strong>
        <span className="text-sm opacity-90">{text}</span>
      </p>
    </div>
  );
}

function StateIcon({ state }: { state: PaymentPageState }) {
  if (state === "pending") {
    return <span aria-hidden className="mt-1.5 size-3 shrink-0 animate-pulse rounded-full bg-amber-500 motion-reduce:animate-none" />;
  }
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 size-5 shrink-0"
    >
      {state === "succeeded" ? (
        <path d="m5 12.5 4.5 4.5L19 7.5" />
      ) : state === "failed" ? (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="m9 9 6 6m0-6-6 6" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </>
      )}
    </svg>
  );
}
