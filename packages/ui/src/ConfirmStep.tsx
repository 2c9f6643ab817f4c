import { useId } from "react";

/**
 * The step that asks before a change that cannot be taken back (marking paid, cancelling, a
 * refund, hiding or deleting): what will happen, Yes and No, in place of the button that asked.
 */
export function ConfirmStep({
  title,
  text,
  yes,
  no,
  busy,
  onYes,
  onNo,
  children,
}: {
  title: string;
  text: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-4 rounded-2xl border-2 border-clay-600 bg-white p-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-ink-700">{text}</p>
      {children}
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="btn-secondary" onClick={onNo}>
          {no}
        </button>
      </div>
    </section>
  );
}
