/** What a status means for the person reading it: the pill's colour (each passes AA on white). */
export type Tone = "new" | "waiting" | "working" | "done" | "problem" | "neutral";

const tones: Record<Tone, string> = {
  new: "bg-sky-50 text-sky-900 ring-sky-300",
  waiting: "bg-amber-50 text-amber-900 ring-amber-300",
  working: "bg-indigo-50 text-indigo-900 ring-indigo-300",
  done: "bg-green-50 text-green-900 ring-green-300",
  problem: "bg-red-50 text-red-900 ring-red-300",
  neutral: "bg-sand-100 text-ink-700 ring-sand-300",
};

/**
 * A status as a coloured pill with its label (the label is the text; colour only repeats it).
 * `large`: the pill a customer reads on their order's page, beside its heading.
 */
export function StatusPill({ tone, label, large = false }: { tone: Tone; label: string; large?: boolean }) {
  const size = large ? "px-3 py-1 text-sm" : "px-2 py-0.5 text-xs";
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full font-medium whitespace-nowrap ring-1 ring-inset ${size} ${tones[tone]}`}
    >
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
