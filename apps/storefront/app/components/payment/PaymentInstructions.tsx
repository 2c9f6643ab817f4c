import { secondsUntil, timeLeftParts } from "@workshop/domain/countdown.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import type { PaymentMethod } from "@workshop/domain/payment-methods.ts";
import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { PaymentLogoImage } from "#app/components/PaymentLogo.tsx";
import { StepList } from "#app/components/StepList.tsx";
import { useLocale, useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { amountForCopy, formatPaymentAmount } from "./amount";
import { CopyButton } from "./CopyButton";
import { DetailRow } from "./DetailRow";
import { PaymentActions } from "./PaymentActions";
import { PaymentReference } from "./PaymentReference";
import { PaymentStatusBanner } from "./PaymentStatusBanner";
import { detailsOf, mergeDetails, type PaymentDetails } from "./payment-details";
import { SandboxPaymentPanel } from "./SandboxPaymentPanel";
import { paymentTiming } from "./timing";
import { useCountdown } from "./useCountdown";
import { usePaymentWatch } from "./usePaymentWatch";

export type PaymentInstructionsProps = {
  orderId: string;
  orderNumber: string;
  paymentId: string;
  /** The payment as the page was loaded. */
  record: PaymentRecord;
  /** The chosen method: its type, logo code and name (the box is titled with `methodName`). */
  method: Pick<PaymentMethod, "code" | "type" | "logo">;
  /** The method's name in the visitor's language ('BCA Virtual Account', 'Виртуальный счёт BCA'). */
  methodName: string;
  /** Seconds left to pay when the page was made (the server's count from the real expiry, else 24 h). */
  secondsLeft: number;
  /** The built-in Xendit sandbox is in use: show the simulate buttons. */
  sandbox: boolean;
};

/**
 * /checkout/payment-instructions (SPEC 2.10): how to pay a bank transfer, a store payment or another
 * method without a QR code, with a countdown from the real expiry, the status polled every 10 s
 * while pending, and details adopted from the answers as they arrive.
 */
export function PaymentInstructions(props: PaymentInstructionsProps) {
  const { orderId, orderNumber, paymentId, record, method, methodName, sandbox } = props;
  const t = useT(payments);
  const [details, setDetails] = useState<PaymentDetails>(() => detailsOf(record));
  const resetRef = useRef<(seconds: number) => void>(() => {});
  const knownExpiry = useRef(details.expiresAt);

  const onRecord = useCallback((next: PaymentRecord) => {
    setDetails((known) => mergeDetails(known, next));
    const expiry = next.payment_method.channel_properties.expires_at;
    if (expiry && expiry !== knownExpiry.current) {
      knownExpiry.current = expiry;
      resetRef.current(secondsUntil(expiry, Date.now()));
    }
  }, []);

  const watch = usePaymentWatch({
    orderId,
    paymentId,
    record,
    methodName,
    intervalMs: paymentTiming.instructionsPollMs,
    onRecord,
    startExpired: props.secondsLeft <= 0,
  });
  const pending = watch.state === "pending";
  const { secondsLeft, reset } = useCountdown(props.secondsLeft, pending);
  useEffect(() => {
    resetRef.current = reset;
  }, [reset]);
  const { expire } = watch;
  useEffect(() => {
    if (secondsLeft === 0) expire();
  }, [secondsLeft, expire]);

  const amount = formatPaymentAmount(details.amount, details.currency);
  const va = details.virtualAccount;
  const store = details.store;
  const time = timeLeftParts(secondsLeft);
  // Once failed or expired the payment details must not be used: only what happened and the ways on.
  const over = watch.state === "failed" || watch.state === "expired";
  // While pending the buttons follow the instructions; once it is over they come first, under the banner.
  const actions = (
    <PaymentActions
      state={watch.state}
      orderId={orderId}
      paymentId={paymentId}
      methodCode={method.code}
      onCheck={watch.check}
      checking={watch.checking}
      lastCheck={watch.lastManual}
    />
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">{t("orderEyebrow", { number: orderNumber })}</p>
        <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">
          {over ? t(watch.state === "expired" ? "over.expired.title" : "over.failed.title") : t("instructions.title")}
        </h1>
        <p className="mt-3 text-lg leading-relaxed text-ink-700">
          {over
            ? t(watch.state === "expired" ? "over.expired.text" : "over.failed.text", { amount, number: orderNumber })
            : t("instructions.intro")}
        </p>
      </header>

      <div className="mt-6 space-y-3">
        <PaymentStatusBanner state={watch.state} variant="instructions" />
        {over && <p className="pt-1 text-ink-700">{t("over.next")}</p>}
        {!pending && <div className="pt-1">{actions}</div>}
        {pending && (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-700">
            {t("timeLeft")}
            <span role="timer" className="rounded-lg bg-sand-100 px-2.5 py-1 font-mono text-lg font-semibold tabular-nums text-ink-900">
              {time.unit === "hm" ? t("time.hm", time) : time.unit === "ms" ? t("time.ms", time) : t("time.s", time)}
            </span>
          </p>
        )}
      </div>

      {!over && (
        <>
          <section aria-labelledby="method-title" className="mt-8 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
            <div className="flex items-center gap-3">
              <PaymentLogoImage code={method.logo} className="h-10 w-16 shrink-0 rounded-md ring-1 ring-sand-200" />
              <h2 id="method-title" className="text-xl font-semibold sm:text-2xl">
                {methodName}
              </h2>
            </div>

            {va ? (
              <>
                <BigValue label={t("va.number")} value={va.account_number} copyLabel={t("what.vaNumber")} />
                <dl className="mt-2 divide-y divide-sand-200">
                  <DetailRow label={t("va.bank")}>
                    <span className="inline-flex items-center gap-2">
                      <PaymentLogoImage code={va.bank_code === method.code ? method.logo : va.bank_code} className="h-6 w-10" />
                      {va.bank_name}
                    </span>
                  </DetailRow>
                  {va.account_holder_name && <DetailRow label={t("va.accountName")}>{va.account_holder_name}</DetailRow>}
                  <DetailRow label={t("amount")} copy={{ value: amountForCopy(details.amount), label: t("what.amount") }}>
                    <span className="tabular-nums">{amount}</span>
                  </DetailRow>
                  <ValidUntil iso={va.expires_at ?? details.expiresAt} />
                </dl>
              </>
            ) : store ? (
              <>
                <BigValue label={t("store.code")} value={store.payment_code} copyLabel={t("what.paymentCode")} />
                <dl className="mt-2 divide-y divide-sand-200">
                  <DetailRow label={t("store.store")}>
                    <span className="inline-flex items-center gap-2">
                      <PaymentLogoImage code={store.store_code} className="h-6 w-10" />
                      {store.store}
                    </span>
                  </DetailRow>
                  {store.customer_name && <DetailRow label={t("store.name")}>{store.customer_name}</DetailRow>}
                  <DetailRow label={t("amount")} copy={{ value: amountForCopy(details.amount), label: t("what.amount") }}>
                    <span className="tabular-nums">{amount}</span>
                  </DetailRow>
                  <ValidUntil iso={store.expires_at ?? details.expiresAt} />
                </dl>
              </>
            ) : (
              <dl className="mt-3 divide-y divide-sand-200">
                <DetailRow label={t("ref.method")} copy={{ value: methodName, label: t("what.method") }}>
                  {methodName}
                </DetailRow>
                <DetailRow label={t("amount")} copy={{ value: amountForCopy(details.amount), label: t("what.amount") }}>
                  <span className="tabular-nums">{amount}</span>
                </DetailRow>
                <DetailRow label={t("ref.orderNumber")} copy={{ value: orderNumber, label: t("what.orderNumber") }}>
                  <span className="font-mono text-sm">{orderNumber}</span>
                </DetailRow>
              </dl>
            )}
          </section>

          <section aria-labelledby="steps-title" className="mt-8">
            <h2 id="steps-title" className="text-xl font-semibold">
              {t("howToPay")}
            </h2>
            <div className="mt-4">
              <StepList
                steps={
                  va
                    ? [
                        t("va.step1", { bank: va.bank_name }),
                        t("va.step2"),
                        t("va.step3", { number: va.account_number }),
                        t("va.step4", { amount }),
                        t("va.step5"),
                      ]
                    : store
                      ? [
                          t("store.step1", { store: store.store }),
                          t("store.step2"),
                          t("store.step3", { code: store.payment_code }),
                          t("store.step4", { amount }),
                          t("store.step5"),
                        ]
                      : [
                          t("generic.step1", { method: methodName }),
                          t("generic.step2", { amount, method: methodName }),
                          t("generic.step3", { number: orderNumber }),
                          t("generic.step4"),
                        ]
                }
              />
            </div>
          </section>

          <section aria-labelledby="notes-title" className="mt-8 rounded-2xl border border-amber-300 bg-amber-50/60 p-5 sm:p-6">
            <h2 id="notes-title" className="text-lg font-semibold">
              {t("notes.title")}
            </h2>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed text-ink-700 marker:text-amber-700">
              <li>{t("notes.exact", { amount })}</li>
              <li>{t("notes.time")}</li>
              <li>{t("notes.receipt")}</li>
              <li>{t("notes.auto")}</li>
            </ul>
          </section>
        </>
      )}

      <div className="mt-8 space-y-6">
        {pending && actions}
        {sandbox && pending && <SandboxPaymentPanel paymentId={paymentId} />}
        {(over || (!va && !store)) && (
          <PaymentReference
            title={t("ref.title")}
            headingId="reference-title"
            rows={[
              { label: t("ref.orderNumber"), value: orderNumber },
              { label: t("ref.paymentId"), value: paymentId, mono: true },
              { label: t("ref.method"), value: methodName },
            ]}
          />
        )}
      </div>
    </div>
  );
}

/** The number to pay to (virtual account, payment code): large, easy to read out, with its copy button. */
function BigValue({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="mt-5 rounded-xl bg-sand-100 p-4 sm:p-5">
      <p className="text-sm text-ink-500">{label}</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 font-mono text-2xl font-semibold tracking-wider [overflow-wrap:anywhere] sm:text-3xl">{value}</p>
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  );
}

function ValidUntil({ iso }: { iso: string | null }) {
  const t = useT(payments);
  const locale = useLocale();
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return <DetailRow label={t("validUntil")}>{t("baliTime", { date: formatOrderDate(date, locale) })}</DetailRow>;
}
