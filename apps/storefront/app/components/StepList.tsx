/** A numbered list of steps (how to pay, how to visit), numbers in dark circles. */
export function StepList({ steps }: { steps: React.ReactNode[] }) {
  return (
    <ol className="space-y-3">
      {steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of steps, never reordered
        <li key={i} className="flex gap-3">
          <span
            aria-hidden
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-semibold text-sand-50"
          >
            {i + 1}
          </span>
          <span className="min-w-0 pt-0.5 leading-relaxed text-ink-700">{step}</span>
        </li>
      ))}
    </ol>
  );
}
