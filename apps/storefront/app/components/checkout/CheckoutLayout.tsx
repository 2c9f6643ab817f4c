import { CheckoutSteps } from "./CheckoutSteps";

/** A checkout step: the step bar and the step's content, with the order summary beside it. */
export function CheckoutLayout({ step, summary, children }: { step: 1 | 2 | 3; summary: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[1fr_22rem]">
      <section>
        <CheckoutSteps current={step} />
        {children}
      </section>
      <div className="lg:pt-24">{summary}</div>
    </div>
  );
}
