import { zodResolver } from "@hookform/resolvers/zod";
import type { InboxMessageAnswer } from "@workshop/domain/staff-api/inbox.ts";
import { inboxReplyAnswer } from "@workshop/domain/staff-api/inbox.ts";
import { type ReplyInput, replySchema } from "@workshop/domain/validation/reply.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { ApiError, api } from "#admin/api/client.ts";
import { useUnsavedChanges } from "#admin/forms/use-unsaved-changes.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { inboxTexts } from "#admin/i18n/inbox.ts";
import { useT } from "#admin/i18n/use-t.ts";

type Message = InboxMessageAnswer["message"];

/** One per form shown: the reply's dedupe key, so a resent form queues one mail (validation/reply.ts). */
const newNonce = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

const fieldCodes = ["required", "tooLong", "characters"] as const;
const isFieldCode = (code: unknown): code is (typeof fieldCodes)[number] => (fieldCodes as readonly unknown[]).includes(code);

/**
 * The reply to a message, checked by the same schema as the API's. Once sent it starts again empty
 * with a new nonce, so nothing is sent twice; leaving it with unsent text asks first.
 */
export function ReplyForm({ message, onSent }: { message: Message; onSent: (queued: boolean) => void }) {
  const t = useT(inboxTexts);
  const frame = useT(consoleTexts);
  const fresh = (): ReplyInput => ({ subject: `Re: ${message.subject}`, text: "", nonce: newNonce() });
  const form = useForm<ReplyInput, unknown, z.output<typeof replySchema>>({ resolver: zodResolver(replySchema), defaultValues: fresh() });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const revalidator = useRevalidator();
  useUnsavedChanges(isDirty, t("unsaved"));

  const send = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { queued } = await api(`/api/admin/inbox/${message.id}/replies`, { method: "POST", body: values, answer: inboxReplyAnswer });
      form.reset(fresh());
      onSent(queued);
    } catch (error) {
      // A session that is over: reloading the page's data takes the person to the sign-in page.
      if (error instanceof ApiError && error.status === 401) return void revalidator.revalidate();
      const details = error instanceof ApiError && error.status === 400 && typeof error.details === "object" ? error.details : null;
      let shown = false;
      for (const [field, code] of Object.entries(details ?? {})) {
        if (field === "subject" || field === "text") form.setError(field, { message: String(code) });
        else setFailure(t("error.expired"));
        shown = true;
      }
      if (!shown) setFailure(error instanceof ApiError && error.status === 0 ? frame("error.unreachable") : t("reply.failed"));
    }
  });
  const problem = (code: string | undefined) => (code === undefined ? undefined : isFieldCode(code) ? t(`error.${code}`) : code);
  const language = message.locale === "ru" ? "ru" : "en";

  return (
    <section aria-labelledby="reply-title" className="mt-8 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id="reply-title" className="text-xl font-semibold">
        {t("reply.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{t(`reply.note.${language}`, { email: message.email })}</p>
      {failure && <Notice tone="problem">{failure}</Notice>}
      <form noValidate onSubmit={send} className="mt-4 space-y-4">
        <input type="hidden" {...form.register("nonce")} />
        <TextField
          label={t("reply.subject")}
          required={false}
          maxLength={250}
          error={problem(errors.subject?.message)}
          {...form.register("subject")}
        />
        <TextField label={t("reply.text")} multiline maxLength={10_000} error={problem(errors.text?.message)} {...form.register("text")} />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t("reply.sending") : t("reply.send")}
        </button>
      </form>
    </section>
  );
}
