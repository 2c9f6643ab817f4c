import { formatMmSs, QR_COUNTDOWN_SECONDS } from "@workshop/domain/countdown.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { shop } from "@workshop/domain/shop.ts";
import { useEffect } from "react";
import { PaymentLogoImage } from "#app/components/PaymentLogo.tsx";
import { StepList } from "#app/components/StepList.tsx";
import { useLocale, useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { formatPaymentAmount } from "./amount";
import { PaymentActions } from "./PaymentActions";
import { PaymentReference } from "./PaymentReference";
import { PaymentStatusBanner } from "./PaymentStatusBanner";
import { QrImage } from "./QrImage";
import { SandboxPaymentPanel } from "./SandboxPaymentPanel";
import { paymentTiming } from "./timing";
import { useCountdown } from "./useCountdown";
import { usePaymentWatch } from "./usePaymentWatch";

/** How often the pending page reloads itself when scripts do not run. */
const NO_SCRIPT_REFRESH_SECONDS = 10;

export type QrPaymentProps = {
  orderId: string;
  orderNumber: string;
  paymentId: string;
  /** The payment as the page was loaded. */
  record: PaymentRecord;
  /** The QR code as an image (/checkout/qr-code/<payment id>.svg). */
  qrImageUrl: string;
  /** The same code as a PNG file to save (a phone's banking app scans it from the gallery). */
  qrDownloadUrl: string;
  /** Opens the payment in the customer's app, when Xendit gives such a link. */
  deepLink: string | null;
  /** The built-in Xendit sandbox is in use: show the simulate buttons. */
  sandbox: boolean;
};

/**
 * /checkout/qr (SPEC 2.9): the QRIS code to scan, a 10-minute countdown, the status polled every
 * 3 s while pending, the steps to pay and the ways on.
 */
export function QrPayment({ orderId, orderNumber, paymentId, record, qrImageUrl, qrDownloadUrl, deepLink, sandbox }: QrPaymentProps) {
  const t = useT(payments);
  const watch = usePaymentWatch({ orderId, paymentId, record, methodName: t("method.qr"), intervalMs: paymentTiming.qrPollMs });
  const pending = watch.state === "pending";
  const { secondsLeft } = useCountdown(QR_COUNTDOWN_SECONDS, pending);
  const { expire } = watch;
  useEffect(() => {
    if (secondsLeft === 0) expire();
  }, [secondsLeft, expire]);

  const amount = formatPaymentAmount(record.amount, record.currency);
  const locale = useLocale();
  const expiresAt = record.payment_method.channel_properties.expires_at;
  const validUntil = expiresAt && !Number.isNaN(Date.parse(expiresAt)) ? new Date(expiresAt) : null;
  // Once failed or expired the code must not be scanned: only what happened and the ways on.
  const over = watch.state === "failed" || watch.state === "expired";
  // While pending the buttons follow the steps; once it is over they come first, under the banner.
  const actions = (
    <PaymentActions
      state={watch.state}
      orderId={orderId}
      paymentId={paymentId}
      methodCode="QRIS"
      onCheck={watch.check}
      checking={watch.checking}
      lastCheck={watch.lastManual}
    />
  );
  const reference = (
    <PaymentReference
      rows={[
        { label: t("ref.orderNumber"), value: orderNumber },
        { label: t("ref.paymentId"), value: paymentId, mono: true },
      ]}
    />
  );

  if (over) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <header>
          <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">{t("orderEyebrow", { number: orderNumber })}</p>
          <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">
            {t(watch.state === "expired" ? "over.qrExpired.title" : "over.failed.title")}
          </h1>
          <p className="mt-3 text-lg leading-relaxed text-ink-700">
            {t(watch.state === "expired" ? "over.expired.text" : "over.failed.text", { amount, number: orderNumber })}
          </p>
        </header>
        <div className="mt-6 space-y-4">
          <PaymentStatusBanner state={watch.state} variant="qr" />
          <p className="text-ink-700">{t("over.next")}</p>
          {actions}
          {reference}
        </div>
      </div>
    );
  }
  const steps = [t("qr.step1"), t("qr.step2"), t("qr.step3"), t("qr.step4", { amount, shop: shop.name }), t("qr.step5")];

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      {pending && (
        // Without scripts nothing polls: the page reloads itself, and its loader asks afresh.
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
        </noscript>
      )}
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">{t("orderEyebrow", { number: orderNumber })}</p>
        <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{t("qr.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-700">{t("qr.intro")}</p>
      </header>

      <div className="mt-6 space-y-4">
        <PaymentStatusBanner state={watch.state} variant="qr" />
        {!pending && actions}
      </div>

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,24rem)_1fr] lg:gap-12">
        <section
          aria-labelledby="qr-code-title"
          className="mx-auto w-full max-w-sm rounded-2xl border border-sand-200 bg-white p-5 text-center shadow-sm sm:p-6 lg:max-w-none"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="qr-code-title" className="font-sans text-sm font-semibold uppercase tracking-wider text-ink-500">
              {t("qr.codeTitle")}
            </h2>
            <PaymentLogoImage code="QRIS" className="h-8 w-12" />
          </div>
          {pending && (
            // Without scripts the countdown could not move: the time the code is valid until instead.
            <p className="mt-3 text-sm text-ink-700 [@media(scripting:none)]:hidden">
              {t("timeLeft")}{" "}
              <span
                role="timer"
                className="ml-1 inline-block rounded-lg bg-sand-100 px-2.5 py-1 font-mono text-xl font-semibold tabular-nums text-ink-900"
              >
                {formatMmSs(secondsLeft)}
              </span>
            </p>
          )}
          {pending && validUntil && (
            <noscript>
              <p className="mt-3 text-sm text-ink-700">
                {t("validUntil")}{" "}
                <span className="font-semibold text-ink-900">{t("baliTime", { date: formatOrderDate(validUntil, locale) })}</span>
              </p>
            </noscript>
          )}
          <div className="relative mx-auto mt-4 max-w-[18rem]">
            <QrImage src={qrImageUrl} alt={t("qr.imageAlt", { number: orderNumber })} dimmed={!pending} />
          </div>
          <p className="mt-4 text-sm text-ink-500">{t("amount")}</p>
          <p className="text-2xl font-semibold tabular-nums">{amount}</p>
          {pending && (
            <div className="mt-5 flex flex-col gap-3">
              {deepLink && (
                <a href={deepLink} className="btn-primary">
                  {t("qr.openApp")}
                </a>
              )}
              <a href={qrDownloadUrl} download={`QRIS-${orderNumber}.png`} className="btn-secondary">
                {t("qr.save")}
              </a>
              <p className="text-xs text-ink-500">{t("qr.saveHint")}</p>
            </div>
          )}
        </section>

        <div className="space-y-6">
          <section aria-labelledby="qr-steps-title">
            <h2 id="qr-steps-title" className="text-xl font-semibold">
              {t("howToPay")}
            </h2>
            <div className="mt-4">
              <StepList steps={steps} />
            </div>
          </section>
          {reference}
          {pending && actions}
          {sandbox && pending && <SandboxPaymentPanel paymentId={paymentId} />}
        </div>
      </div>
    </div>
  );
}
