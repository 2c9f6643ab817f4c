import { useEffect, useRef } from "react";

/**
 * The outcome of something done: a status (done) or an alert (a problem). One that appears above
 * the screen (the answer to a form at the foot of a long page, on a phone) is brought into sight.
 */
export function Notice({ tone, children }: { tone: "done" | "problem"; children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shown = box.current;
    if (shown && shown.getBoundingClientRect().top < 0) shown.scrollIntoView({ block: "start" });
  }, []);
  return tone === "done" ? (
    <div
      ref={box}
      role="status"
      className="mt-4 scroll-mt-4 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
    >
      {children}
    </div>
  ) : (
    <div ref={box} role="alert" className="mt-4 scroll-mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}
