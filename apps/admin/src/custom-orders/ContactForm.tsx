import { zodResolver } from "@hookform/resolvers/zod";
import { type CustomOrderAnswer, customOrderMessageAnswer } from "@workshop/domain/staff-api/custom-orders.ts";
import { type ReplyInput, replySchema } from "@workshop/domain/validation/reply.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { fieldProblems, newNonce } from "./forms.ts";

const fieldCodes = ["required", "tooLong", "characters"] as const;
const isFieldCode = (code: unknown): code is (typeof fieldCodes)[number] => (fieldCodes as readonly unknown[]).includes(code);

/**
 * Contact Customer: an e-mail to the request's address in the customer's language, checked by the
 * API's schema. Once sent it starts again empty with a new nonce, so nothing is sent twice.
 */
export function ContactForm({
  data,
  onSent,
  onDirty,
}: {
  data: CustomOrderAnswer;
  onSent: (queued: boolean) => Promise<void>;
  onDirty: (dirty: boolean) => void;
}) {
  const t = useT(customOrderTexts);
  const frame = useT(consoleTexts);
  const { request } = data;
  const fresh = (): ReplyInput => ({ subject: "", text: "", nonce: newNonce() });
  const form = useForm<ReplyInput, unknown, z.output<typeof replySchema>>({ resolver: zodResolver(replySchema), defaultValues: fresh() });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  const send = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { queued } = await api(`/api/admin/custom-orders/${request.id}/messages`, {
        method: "POST",
        body: values,
        answer: customOrderMessageAnswer,
      });
      form.reset(fresh());
      await onSent(queued);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return void onSent(false);
      const problems = fieldProblems(error);
      for (const [field, code] of Object.entries(problems ?? {})) {
        if (field === "subject" || field === "text") form.setError(field, { message: code });
        else setFailure(t("error.expired"));
      }
      if (!problems) setFailure(error instanceof ApiError && error.status === 0 ? frame("error.unreachable") : t("refusal.failed"));
    }
  });
  const problem = (code: string | undefined) => (code === undefined ? undefined : isFieldCode(code) ? t(`error.${code}`) : code);

  return (
    <section aria-labelledby="contact-title" className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id="contact-title" className="text-xl font-semibold">
        {t("section.contact")}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{t(`contact.note.${request.locale}`, { email: request.email })}</p>
      {failure && <Notice tone="problem">{failure}</Notice>}
      <form noValidate onSubmit={send} className="mt-3 space-y-3">
        <input type="hidden" {...form.register("nonce")} />
        <TextField
          label={t("contact.subject")}
          hint={t("contact.subjectHint", { subject: data.defaultSubject })}
          required={false}
          maxLength={250}
          error={problem(errors.subject?.message)}
          {...form.register("subject")}
        />
        <TextField
          label={t("contact.text")}
          multiline
          maxLength={10_000}
          error={problem(errors.text?.message)}
          {...form.register("text")}
        />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t("contact.sending") : t("contact.send")}
        </button>
      </form>
    </section>
  );
}
