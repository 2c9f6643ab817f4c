/**
 * A wide table's box: it scrolls sideways on a narrow screen, and can take keyboard focus so it
 * can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, className = "", children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={`overflow-x-auto rounded-xl border border-sand-200 focus:outline-2 focus:outline-ink-900 ${className}`}
    >
      {children}
    </section>
  );
}
