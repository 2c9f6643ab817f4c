/** The parts of a staff page about one record (an order, a custom request): cards, label rows, banners. */

const card = "rounded-2xl border border-sand-200 bg-white p-4 sm:p-5";
export const field = "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm";

/** Label and value pairs; long values wrap anywhere rather than widen the page at 390 px. */
export function Rows({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-600">{label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A card with its heading, named by it for screen readers. */
export function Section({
  id,
  title,
  children,
  className = "",
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${card} min-w-0 ${className}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What an action did, or why it was refused (announced: status or alert). */
export function Banner({ kind, children }: { kind: "success" | "error"; children: React.ReactNode }) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`mt-4 rounded-xl border p-4 text-sm ${kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-900"}`}
    >
      {children}
    </div>
  );
}
