import { zodResolver } from "@hookform/resolvers/zod";
import { type CustomOrderAnswer, customOrderNotesAnswer, customOrderNotesRequest } from "@workshop/domain/staff-api/custom-orders.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError, api } from "#admin/api/client.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { refusalCode } from "./forms.ts";

type Request = CustomOrderAnswer["request"];
type Notes = { notes: string; version: string };

/**
 * The staff's notes on a request: the whole text (as on the old page), saved with the version it
 * was shown with, so notes someone else saved meanwhile are never overwritten (409 stale-notes:
 * theirs are shown below). Once saved the form holds the saved text and nothing is unsaved.
 */
export function NotesForm({
  request,
  onSaved,
  onDirty,
}: {
  request: Request;
  onSaved: () => Promise<void>;
  onDirty: (dirty: boolean) => void;
}) {
  const t = useT(customOrderTexts);
  const form = useForm<Notes>({
    resolver: zodResolver(customOrderNotesRequest),
    defaultValues: { notes: request.adminNotes, version: request.notesVersion },
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  const [done, setDone] = useState<"notes" | "notesSame" | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  const save = form.handleSubmit(async (values) => {
    setDone(null);
    setRefusal(null);
    try {
      const { changed } = await api(`/api/admin/custom-orders/${request.id}/notes`, {
        method: "PUT",
        body: values,
        answer: customOrderNotesAnswer,
      });
      form.reset(values);
      setDone(changed ? "notes" : "notesSame");
      await onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return void onSaved();
      const code = refusalCode(error);
      setRefusal(code === "stale-notes" || code === "too-long" ? code : "failed");
      if (code === "stale-notes") await onSaved();
    }
  });

  // A save (ours, or someone else's seen after a refusal) brings a new version: the next save is checked against it.
  useEffect(() => form.setValue("version", request.notesVersion), [form, request.notesVersion]);

  return (
    <section aria-labelledby="notes-title" className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id="notes-title" className="text-xl font-semibold">
        {t("section.notes")}
      </h2>
      {done && <Notice tone="done">{t(done === "notes" ? "done.notes" : "done.notesSame")}</Notice>}
      {refusal && <Notice tone="problem">{t(`refusal.${refusal as "failed"}`)}</Notice>}
      <form noValidate onSubmit={save} className="mt-3 space-y-3">
        <input type="hidden" {...form.register("version")} />
        <TextField
          label={t("notes.label")}
          hint={t("notes.hint")}
          multiline
          required={false}
          maxLength={10_000}
          error={errors.notes ? t("error.tooLong") : undefined}
          {...form.register("notes")}
        />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t("notes.saving") : t("notes.save")}
        </button>
      </form>
      {refusal === "stale-notes" && (
        <div className="mt-3 rounded-lg bg-sand-50 p-3 text-sm">
          <h3 className="font-medium">{t("notes.theirs")}</h3>
          <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{request.adminNotes}</p>
        </div>
      )}
    </section>
  );
}
