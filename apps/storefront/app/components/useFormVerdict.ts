import { useEffect, useRef, useState } from "react";

/** What to show beside each wrong field, in the visitor's language (validation/fields.ts fieldMessages). */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

type Answer<F extends string> = { ok: true } | { ok: false; errors: FieldMessages<F> };

/**
 * The errors a public form shows beside its fields: what the browser found since the server's last
 * answer, else that answer's. Each refused send (by the browser or the server) takes the visitor to
 * the first field to fix (below the sticky header: app.css); a success empties the form.
 */
export function useFormVerdict<F extends string>(answer: Answer<F> | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setErrors] = useState<FieldMessages<F> | null>(null);
  const errors: FieldMessages<F> = clientErrors ?? (answer && !answer.ok ? answer.errors : {});

  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: "start" });
  }, [refusals]);

  useEffect(() => {
    setErrors(null);
    if (answer?.ok) formRef.current?.reset();
    else if (answer) setRefusals((n) => n + 1);
  }, [answer]);

  /** The browser refused the send: its findings show and the first field to fix gets the focus. */
  const refuse = (found: FieldMessages<F>) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };
  /** A field the visitor changes loses its error. */
  const clear = (name: string) => {
    if (errors[name as F]) setErrors({ ...errors, [name]: undefined });
  };
  return { formRef, errors, refuse, clear };
}
