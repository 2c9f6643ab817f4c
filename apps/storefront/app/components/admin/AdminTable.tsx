/**
 * An admin table: its column heads, the rows given as children (a <tbody>), in a box that scrolls
 * sideways on a narrow screen and can take keyboard focus so it can be scrolled without a mouse
 * (axe: scrollable-region-focusable). `width` is the table's least width, e.g. "min-w-[40rem]".
 */
export function AdminTable({
  label,
  columns,
  width,
  className = "",
  children,
}: {
  label: string;
  columns: string[];
  width: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={`overflow-x-auto rounded-xl border border-sand-200 focus:outline-2 focus:outline-ink-900 ${className}`}
    >
      <table className={`w-full text-left text-sm ${width}`}>
        <thead className="bg-sand-100 text-xs uppercase tracking-wide text-ink-600">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2.5">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </section>
  );
}
