import { Link } from "#app/components/localized.tsx";
import { NoticePage } from "#app/components/NoticePage.tsx";
import { checkout } from "#app/i18n/checkout.ts";
import { useT } from "#app/i18n/core.ts";

type Props = {
  title: "missing.title" | "error.title";
  message: "missing.start" | "missing.previous" | "error.noProduct" | "error.productNotFound" | "error.loadFailed" | "error.soldOut";
  /** Where 'Continue Anyway' goes, when the checkout may go on. */
  continueTo?: string;
};

/** 'Missing Order Information' and 'Order Error': what is wrong, and the way back to the products. */
export function CheckoutNotice({ title, message, continueTo }: Props) {
  const t = useT(checkout);
  return (
    <NoticePage role="alert" title={t(title)} text={t(message)}>
      <Link to="/products" className="btn-primary">
        {t("missing.products")}
      </Link>
      {continueTo && (
        <Link to={continueTo} className="btn-secondary">
          {t("error.continueAnyway")}
        </Link>
      )}
    </NoticePage>
  );
}
