import { checkout } from "#app/i18n/checkout.ts";
import { useT } from "#app/i18n/core.ts";

const steps = ["steps.confirm", "steps.shipping", "steps.payment"] as const;

/** 'Step n of 3' with the three step names; the current one is marked for screen readers too. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  const t = useT(checkout);
  return (
    <nav aria-label={t("step", { n: current })} className="mb-8">
      <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">{t("step", { n: current })}</p>
      <ol className="mt-3 flex gap-2">
        {steps.map((key, i) => (
          <li key={key} aria-current={i + 1 === current ? "step" : undefined} className="flex-1">
            <div className={`h-1.5 rounded-full ${i + 1 <= current ? "bg-ink-900" : "bg-sand-200"}`} />
            <p className={`mt-2 text-xs sm:text-sm ${i + 1 === current ? "font-semibold text-ink-900" : "text-ink-500"}`}>{t(key)}</p>
          </li>
        ))}
      </ol>
    </nav>
  );
}
