import { Link } from "#app/components/localized.tsx";
import { NoticePage } from "#app/components/NoticePage.tsx";
import { useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";

/** 'QR Code Not Available' (SPEC 2.9): the payment has no QR code to show. */
export function QrNotAvailable() {
  const t = useT(payments);
  return (
    <NoticePage role="alert" title={t("qr.notAvailable.title")} text={t("qr.notAvailable.text")}>
      <Link to="/checkout/payment" className="btn-primary">
        {t("backToPayment")}
      </Link>
    </NoticePage>
  );
}

/** 'Payment Instructions Not Available - Please try again from the payment page' (SPEC 2.10). */
export function InstructionsNotAvailable() {
  const t = useT(payments);
  return (
    <NoticePage role="alert" title={t("instructions.notAvailable.title")} text={t("instructions.notAvailable.text")}>
      <Link to="/checkout/payment" className="btn-primary">
        {t("backToPayment")}
      </Link>
    </NoticePage>
  );
}
