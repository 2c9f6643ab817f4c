type Row = { label: string; value: string; mono?: boolean };

/** Label and value pairs (order number, order id, payment id, method) in a quiet box; long ids wrap. */
export function PaymentReference({ rows, title, headingId }: { rows: Row[]; title?: string; headingId?: string }) {
  return (
    <section aria-labelledby={title ? headingId : undefined} className="rounded-2xl border border-sand-200 bg-white px-5 py-2 sm:px-6">
      {title && (
        <h2 id={headingId} className="pt-3 font-sans text-sm font-semibold uppercase tracking-wider text-ink-500">
          {title}
        </h2>
      )}
      <dl className="divide-y divide-sand-200">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <dt className="shrink-0 text-sm text-ink-500">{row.label}</dt>
            <dd className={`min-w-0 [overflow-wrap:anywhere] sm:text-right ${row.mono ? "font-mono text-sm" : "font-medium"}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
