import { zodResolver } from "@hookform/resolvers/zod";
import type { Locale } from "@workshop/domain/locale.ts";
import { type MakingPhotoAnswer, orderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { api } from "#admin/api/client.ts";
import { makingTexts } from "#admin/i18n/making.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { makingRefusal, moveFieldProblem } from "./making-problems.ts";
import { StagePhotos, slotsOfWaiting, uploadedIds } from "./StagePhotos.tsx";
import { stageName } from "./stage-name.ts";

type StageRef = { id: number; nameEn: string; nameRu: string };

/** What the form does: on to the next stage, back to one of the earlier ones, or a ready hat into the making from the stage chosen. */
export type MoveMode = { kind: "forward"; to: StageRef } | { kind: "back"; stages: StageRef[] } | { kind: "adjust"; stages: StageRef[] };

/** The form's fields, checked as the API checks them (a reason going back: 3 to 500 characters, checked on submit). */
const moveForm = z.object({
  to: z.string(),
  reason: z.string().trim().max(500, "tooLong"),
  noteEn: z.string().trim().max(2000, "tooLong"),
  noteRu: z.string().trim().max(2000, "tooLong"),
  tellCustomer: z.boolean(),
});
type MoveFormValues = z.infer<typeof moveForm>;

type Props = {
  orderId: string;
  /** The customer's language: their note comes first. */
  orderLocale: Locale;
  mode: MoveMode;
  /** The stage the page shows the order in (null for a hat not yet being made). */
  expected: number | null;
  /** Photos uploaded earlier for this order's next move. */
  waiting: MakingPhotoAnswer[];
  mailsStopped: boolean;
  onCancel: () => void;
  onDone: (text: string) => void;
  /** Someone moved the order meanwhile: the panel says so and loads it again. */
  onStale: (text: string) => void;
  onDirty: (dirty: boolean) => void;
};

/**
 * One stage change of an order: the stage (back: which earlier one, and why), a note for the
 * customer in each language (theirs first), whether to tell them, and up to 5 photos uploaded as
 * they are chosen. The stage the page showed goes with it, so a move made meanwhile is refused.
 */
export function MoveForm({ orderId, orderLocale, mode, expected, waiting, mailsStopped, onCancel, onDone, onStale, onDirty }: Props) {
  const t = useT(makingTexts);
  const locale = useLocale();
  const [photos, setPhotos] = useState(() => slotsOfWaiting(waiting));
  const [problem, setProblem] = useState<string | null>(null);
  const choices = mode.kind === "forward" ? [mode.to] : mode.stages;
  const form = useForm<MoveFormValues>({
    resolver: zodResolver(moveForm),
    // Going back, the stage just before; a ready hat starts where the list starts.
    defaultValues: {
      to: String((mode.kind === "back" ? choices.at(-1) : choices[0])?.id ?? ""),
      reason: "",
      noteEn: "",
      noteRu: "",
      tellCustomer: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const typed = [form.watch("reason"), form.watch("noteEn"), form.watch("noteRu")].some((text) => text.trim() !== "");
  useEffect(() => onDirty(typed), [typed, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    if (mode.kind === "back" && values.reason.length < 3) return form.setError("reason", { message: "required" });
    if (photos.some((slot) => slot.upload)) return setProblem(t("form.uploading"));
    const to = Number(values.to);
    const shared = { noteEn: values.noteEn, noteRu: values.noteRu, tellCustomer: values.tellCustomer, photoIds: uploadedIds(photos) };
    const base = `/api/admin/orders/${encodeURIComponent(orderId)}/making`;
    try {
      const making =
        mode.kind === "adjust"
          ? await api(`${base}/adjust`, {
              method: "POST",
              body: { stageId: to, ...(values.reason ? { reason: values.reason } : {}), ...shared },
              answer: orderMakingAnswer,
            })
          : await api(`${base}/moves`, {
              method: "POST",
              body: { expected, to, ...(mode.kind === "back" ? { reason: values.reason } : {}), ...shared },
              answer: orderMakingAnswer,
            });
      const stage = stageName(making.current, locale);
      onDirty(false);
      onDone(t(mode.kind === "forward" ? "done.forward" : mode.kind === "back" ? "done.back" : "done.adjust", { stage }));
    } catch (error) {
      const refusal = makingRefusal(t, error, locale);
      if (refusal.stale) return onStale(refusal.text ?? "");
      for (const [field, code] of Object.entries(refusal.fields)) form.setError(field as keyof MoveFormValues, { message: code });
      setProblem(refusal.text);
    }
  });

  const title =
    mode.kind === "forward"
      ? t("form.forwardTitle", { stage: stageName(mode.to, locale) })
      : t(mode.kind === "back" ? "form.backTitle" : "form.adjustTitle");
  // The customer's language first; the other one after it.
  const noteFields = (orderLocale === "ru" ? (["noteRu", "noteEn"] as const) : (["noteEn", "noteRu"] as const)).map((field, i) => (
    <TextField
      key={field}
      id={`making-${field}`}
      label={t(field === "noteEn" ? "form.noteEn" : "form.noteRu")}
      hint={t(i === 0 ? "form.noteTheirs" : "form.noteOther")}
      multiline
      required={false}
      maxLength={2000}
      error={moveFieldProblem(t, errors[field]?.message)}
      {...form.register(field)}
    />
  ));

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="making-form-title"
      className="mt-4 space-y-4 rounded-2xl border border-sand-300 p-4"
    >
      <h3 id="making-form-title" className="font-semibold">
        {title}
      </h3>
      {problem && <Notice tone="problem">{problem}</Notice>}
      {mode.kind !== "forward" && (
        <SelectField
          label={t(mode.kind === "back" ? "form.backTo" : "form.startIn")}
          options={choices.map((stage) => ({ value: String(stage.id), label: stageName(stage, locale) }))}
          {...form.register("to")}
        />
      )}
      {mode.kind !== "forward" && (
        <TextField
          id="making-reason"
          label={t(mode.kind === "back" ? "form.reason" : "form.adjustReason")}
          hint={mode.kind === "back" ? t("form.reasonHint") : undefined}
          required={mode.kind === "back"}
          maxLength={500}
          error={moveFieldProblem(t, errors.reason?.message)}
          {...form.register("reason")}
        />
      )}
      <div className="grid gap-4 md:grid-cols-2">{noteFields}</div>
      <div>
        <label className="flex items-start gap-2 text-sm font-medium">
          <input type="checkbox" className="mt-1" aria-describedby="making-tell-hint" {...form.register("tellCustomer")} />
          {t("form.tell")}
        </label>
        <p id="making-tell-hint" className="mt-1 text-xs text-ink-600">
          {t(mailsStopped ? "form.tellStopped" : "form.tellHint")}
        </p>
      </div>
      <StagePhotos orderId={orderId} slots={photos} onChange={setPhotos} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting
            ? t("form.sending")
            : mode.kind === "forward"
              ? t("forward", { stage: stageName(mode.to, locale) })
              : t(mode.kind === "back" ? "form.submitBack" : "form.submitAdjust")}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t("form.cancel")}
        </button>
      </div>
    </form>
  );
}
