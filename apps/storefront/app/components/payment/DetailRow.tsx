import { CopyButton } from "./CopyButton";

type Props = {
  label: string;
  children: React.ReactNode;
  /** With a copy button for this value. */
  copy?: { value: string; label: string };
};

/** One label and value of a payment box, with a copy button beside the value when asked. */
export function DetailRow({ label, children, copy }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 py-3">
      <dt className="text-sm text-ink-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-3 font-medium [overflow-wrap:anywhere]">
        <span className="min-w-0">{children}</span>
        {copy && <CopyButton value={copy.value} label={copy.label} />}
      </dd>
    </div>
  );
}
