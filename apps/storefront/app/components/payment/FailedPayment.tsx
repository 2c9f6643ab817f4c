import { failureMessage } from "@workshop/domain/failure-message.ts";
import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { Suspense } from "react";
import { Await } from "react-router";
import { Link } from "#app/components/localized.tsx";
import { useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { formatPaymentAmount } from "./amount";
import { PaymentReference } from "./PaymentReference";

export type FailedPaymentProps = {
  /** The ids the link carried; without either only the generic message shows. */
  paymentId: string | null;
  orderId: string | null;
  /** The error text the link carried (already decoded once by the URL parser). */
  error: string | null;
  /** The payment and its order's number, still on their way (streamed); null when none was found. */
  lookup: Promise<FailedLookup | null>;
};

export type FailedLookup = { record: PaymentRecord; orderNumber: string };

/** /checkout/failed (SPEC 2.8): a spinner while the payment is looked up, then why it failed and the ways on. */
export function FailedPayment({ paymentId, orderId, error, lookup }: FailedPaymentProps) {
  if (!paymentId && !orderId) return <NotCompleted record={null} error={null} />;
  return (
    <Suspense fallback={<Checking />}>
      <Await resolve={lookup} errorElement={<NotCompleted record={null} error={error} />}>
        {(found) => <NotCompleted record={found?.record ?? null} orderNumber={found?.orderNumber ?? null} error={error} />}
      </Await>
    </Suspense>
  );
}

function Checking() {
  const t = useT(payments);
  return (
    <div role="status" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <span
        aria-hidden
        className="size-10 animate-spin rounded-full border-4 border-sand-200 border-t-clay-600 motion-reduce:animate-none"
      />
      <p className="mt-4 text-lg text-ink-700">{t("failed.checking")}</p>
    </div>
  );
}

function NotCompleted({
  record,
  orderNumber = null,
  error,
}: {
  record: PaymentRecord | null;
  orderNumber?: string | null;
  error: string | null;
}) {
  const t = useT(payments);
  const message = failureMessage(error, record?.failure_reason);
  const text =
    message.kind === "error" || message.kind === "raw"
      ? message.text
      : message.kind === "reason"
        ? t(`reason.${message.reason}`)
        : t("failed.generic");
  const status =
    record && (record.status === "FAILED" || record.status === "CANCELLED" ? t(`failed.status.${record.status}`) : record.status);

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <header className="text-center">
        <span aria-hidden className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-100 text-red-800">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-7">
            <path d="m7 7 10 10M17 7 7 17" />
          </svg>
        </span>
        <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t("failed.title")}</h1>
        <p role="alert" className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-ink-700 [overflow-wrap:anywhere]">
          {text}
        </p>
      </header>

      {record && (
        <div className="mt-8">
          <PaymentReference
            title={t("failed.details")}
            headingId="failed-details-title"
            rows={[
              ...(orderNumber ? [{ label: t("ref.orderNumber"), value: orderNumber }] : []),
              { label: t("ref.paymentId"), value: record.id, mono: true },
              { label: t("amount"), value: formatPaymentAmount(record.amount, record.currency) },
              { label: t("failed.status"), value: status ?? "" },
            ]}
          />
        </div>
      )}

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Link to="/checkout/payment" className="btn-primary">
          {t("failed.tryAgain")}
        </Link>
        <Link to="/checkout/payment" className="btn-secondary">
          {t("failed.another")}
        </Link>
        <Link to="/" className="btn-secondary">
          {t("failed.home")}
        </Link>
      </div>

      <section aria-labelledby="suggestions-title" className="mt-10 rounded-2xl border border-sand-200 bg-sand-100 p-5 sm:p-6">
        <h2 id="suggestions-title" className="text-lg font-semibold">
          {t("failed.suggestions")}
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed text-ink-700 marker:text-clay-600">
          <li>{t("suggest.card")}</li>
          <li>{t("suggest.funds")}</li>
          <li>{t("suggest.method")}</li>
          <li>{t("suggest.bank")}</li>
        </ul>
        <p className="mt-4 text-ink-700">
          {t("failed.help")}{" "}
          <Link to="/contact" className="font-semibold text-clay-700 underline underline-offset-4">
            {t("failed.contact")}
          </Link>
        </p>
      </section>
    </div>
  );
}
