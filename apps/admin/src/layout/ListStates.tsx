import { EmptyState } from "@workshop/ui/EmptyState.tsx";
import { Link } from "react-router";

/** A list with nothing to show; past its last page (`total` > 0), a way back to the first. */
export function EmptyList({ text, total, firstPage }: { text: string; total: number; firstPage: { href: string; label: string } }) {
  const back =
    total > 0 ? (
      <Link to={firstPage.href} className="btn-secondary">
        {firstPage.label}
      </Link>
    ) : undefined;
  return <EmptyState text={text} action={back} className="mt-6" />;
}
