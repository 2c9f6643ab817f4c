import { Link } from "react-router";
import { checkout } from "../../i18n/checkout";
import { useT } from "../../i18n/core";

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
    <section className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-semibold">{t(title)}</h1>
      <p className="mt-4 text-lg text-ink-700">{t(message)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary">{t("missing.products")}</Link>
        {continueTo && <Link to={continueTo} className="btn-secondary">{t("error.continueAnyway")}</Link>}
      </div>
    </section>
  );
}
