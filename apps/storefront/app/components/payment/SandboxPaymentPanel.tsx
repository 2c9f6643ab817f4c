import { useLocation } from "react-router";
import { Form } from "#app/components/localized.tsx";
import { useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";

/**
 * Sandbox only: says no real money moves, and lets the tester play the provider's part. Posts
 * paymentId, returnTo (this page) and outcome pay|fail to /checkout/sandbox-payment, which
 * reports the outcome and sends the browser back here.
 */
export function SandboxPaymentPanel({ paymentId }: { paymentId: string }) {
  const t = useT(payments);
  const location = useLocation();
  return (
    <aside aria-labelledby="sandbox-title" className="rounded-2xl border border-dashed border-sand-400 bg-sand-100 p-4 sm:p-5">
      <h2 id="sandbox-title" className="font-sans text-xs font-semibold uppercase tracking-wider text-ink-500">
        {t("sandbox.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{t("sandbox.text")}</p>
      <Form method="post" action="/checkout/sandbox-payment" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="paymentId" value={paymentId} />
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <button
          type="submit"
          name="outcome"
          value="pay"
          className="rounded-full bg-leaf-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-leaf-700"
        >
          {t("sandbox.pay")}
        </button>
        <button
          type="submit"
          name="outcome"
          value="fail"
          className="rounded-full border border-red-700 bg-white px-4 py-2 text-sm font-semibold text-red-800 transition hover:bg-red-50"
        >
          {t("sandbox.fail")}
        </button>
      </Form>
    </aside>
  );
}
