import type { ReactNode } from "react";
import { Link } from "react-router";

/** A list's address the API refused (a hand-made filter): what is wrong, said in the list's words. */
export function BadQuery({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      {children}
    </p>
  );
}

/** A list with nothing to show; past its last page (`total` > 0), a way back to the first. */
export function EmptyList({ text, total, firstPage }: { text: string; total: number; firstPage: { href: string; label: string } }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-sand-300 bg-white p-8 text-center text-ink-700">
      <p>{text}</p>
      {total > 0 && (
        <Link to={firstPage.href} className="btn-secondary mt-4">
          {firstPage.label}
        </Link>
      )}
    </div>
  );
}
