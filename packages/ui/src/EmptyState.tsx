import type { ReactNode } from "react";

/** A list with nothing to show: what that means, and a way on (a link of the app's, e.g. to the first page or all items). */
export function EmptyState({ text, action, className = "" }: { text: string; action?: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl border border-dashed border-sand-300 bg-white px-6 py-12 text-center text-ink-700 ${className}`}>
      <p className="text-lg">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
