/** Badge colours by status (ring and text pass AA on white). */
const statusColours: Record<string, string> = {
  NEW: "bg-sky-50 text-sky-900 ring-sky-300",
  CONTACTED: "bg-violet-50 text-violet-900 ring-violet-300",
  QUOTED: "bg-amber-50 text-amber-900 ring-amber-300",
  IN_PROGRESS: "bg-indigo-50 text-indigo-900 ring-indigo-300",
  COMPLETED: "bg-green-50 text-green-900 ring-green-300",
  CANCELLED: "bg-sand-100 text-ink-700 ring-sand-300",
};

/** A custom request's status as a coloured badge (the list and the request's page). */
export function CustomOrderStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${statusColours[status] ?? statusColours.CANCELLED}`}
    >
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
