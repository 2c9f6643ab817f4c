import { Link } from "react-router";

type FilterLink = { key: string; label: string; href: string; current: boolean };

/** A list's one filter as links, each to the list it shows (from its first page), the one in force marked. */
export function FilterLinks({ label, links, className = "" }: { label: string; links: FilterLink[]; className?: string }) {
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center gap-2 text-sm ${className}`}>
      {links.map((link) => (
        <Link
          key={link.key}
          to={link.href}
          aria-current={link.current ? "page" : undefined}
          className={`rounded-full border px-3 py-1 font-medium ${
            link.current ? "border-ink-900 bg-ink-900 text-sand-50" : "border-sand-300 bg-white text-ink-800 hover:border-ink-900"
          }`}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
