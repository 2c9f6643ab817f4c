import { useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { paymentTiming } from "./timing";

type Props = {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied: completes the button's name ('Copy virtual account number'). */
  label: string;
};

/** Copies `value` to the clipboard and reads 'Copied!' for 2 s; a failure is only logged (SPEC 8). */
export function CopyButton({ value, label }: Props) {
  const t = useT(payments);
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), paymentTiming.copiedMs);
    } catch (error) {
      console.warn("Copy to clipboard failed", error);
    }
  };

  const colours = copied ? "border-leaf-600 bg-leaf-600 text-white" : "border-sand-300 bg-white text-ink-900 hover:border-ink-900";
  return (
    <>
      <button
        type="button"
        onClick={copy}
        className={`inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-semibold transition ${colours}`}
      >
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4"
        >
          {copied ? (
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          ) : (
            <>
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
            </>
          )}
        </svg>
        {copied ? t("copied") : t("copy")}
        <span className="sr-only"> {label}</span>
      </button>
      <span role="status" className="sr-only">
        {copied ? t("copied") : ""}
      </span>
    </>
  );
}
