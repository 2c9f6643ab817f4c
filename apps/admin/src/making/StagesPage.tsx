import { zodResolver } from "@hookform/resolvers/zod";
import { usualMakingDays } from "@workshop/domain/making-stages.ts";
import {
  type MakingStagesAnswer,
  type MakingStagesRequest,
  makingStagesAnswer,
  makingStagesRequest,
} from "@workshop/domain/staff-api/making.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { useState } from "react";
import { type FieldError, useFieldArray, useForm } from "react-hook-form";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { useUnsavedChanges } from "#admin/forms/use-unsaved-changes.ts";
import { countText } from "#admin/i18n/counts.ts";
import { makingStagesTexts } from "#admin/i18n/making-stages.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { signedOutRedirect, useSession } from "#admin/session/session.ts";
import { stageName } from "./stage-name.ts";

type T = ReturnType<typeof useT<keyof typeof makingStagesTexts.en>>;
type Stages = MakingStagesAnswer["stages"];

export async function loader({ request }: { request: Request }): Promise<MakingStagesAnswer> {
  return api("/api/admin/making/stages", { answer: makingStagesAnswer, signal: request.signal }).catch(signedOutRedirect);
}

/** The stage list in the form's shape: what PUT takes back. */
const formOf = (stages: Stages): MakingStagesRequest => ({
  stages: stages.map(({ id, nameEn, nameRu, usualDays }) => ({ id, nameEn, nameRu, usualDays })),
});

/**
 * The making's stages (decision 054): owners rename them in both languages, give them their usual
 * working days, add, remove and reorder them; staff read them. A stage orders are in cannot be
 * removed here, and what the API refuses (a list that would leave an order's making wrong) is said.
 */
export function Component() {
  const t = useT(makingStagesTexts);
  const locale = useLocale();
  const { staff } = useSession();
  const answer = useLoaderData<MakingStagesAnswer>();
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState(false);
  return (
    <section>
      <title>{t("title")}</title>
      <Link to="/admin/making" className="text-sm font-medium underline underline-offset-4">
        ← {t("back")}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink-700">{t("intro")}</p>
      {saved && <Notice tone="done">{t("saved")}</Notice>}
      {staff.role === "owner" ? (
        <StagesForm
          // A new form after each save: the list as the API now holds it.
          key={JSON.stringify(formOf(answer.stages))}
          stages={answer.stages}
          onEdit={() => setSaved(false)}
          onSaved={async () => {
            setSaved(true);
            await revalidator.revalidate();
          }}
        />
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-700">{t("ownersOnly")}</p>
          <ol className="mt-3 max-w-xl divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white text-sm">
            {answer.stages.map((stage) => (
              <li key={stage.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span className="font-medium">
                  {stage.position}. {stageName(stage, locale)}
                </span>
                <span className="text-ink-600">{countText("workingDays", stage.usualDays, locale)}</span>
              </li>
            ))}
          </ol>
          <p className="mt-3 text-sm">{t("total", { days: countText("workingDays", answer.usualMakingDays, locale) })}</p>
        </>
      )}
    </section>
  );
}

const fieldClass = (error: unknown) =>
  `mt-1 block w-full rounded-xl border bg-white px-3 py-2 text-base ${error ? "border-red-600" : "border-sand-300"}`;
const small = "rounded-lg border border-sand-300 bg-white px-3 py-1.5 text-sm hover:bg-sand-100 disabled:opacity-40";

function StagesForm({ stages, onEdit, onSaved }: { stages: Stages; onEdit: () => void; onSaved: () => Promise<void> }) {
  const t = useT(makingStagesTexts);
  const locale = useLocale();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<MakingStagesRequest>({ resolver: zodResolver(makingStagesRequest), defaultValues: formOf(stages) });
  const list = useFieldArray({ control: form.control, name: "stages", keyName: "key" });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty && !isSubmitting, t("unsaved"));
  const ordersIn = new Map(stages.map((stage) => [stage.id, stage.orders]));
  // The making time as typed so far; a field not yet a whole number counts nothing.
  const days = usualMakingDays(
    form.watch("stages").map((stage) => ({ usualDays: Number.isInteger(stage.usualDays) ? stage.usualDays : 0 })),
  );
  const listError = (errors.stages as FieldError | undefined)?.message ?? errors.stages?.root?.message;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await api("/api/admin/making/stages", { method: "PUT", body: values, answer: makingStagesAnswer });
      await onSaved();
    } catch (error) {
      setProblem(stagesRefusal(t, error));
    }
  });

  return (
    <form noValidate onSubmit={submit} onInput={onEdit} className="mt-6 max-w-4xl space-y-3">
      {problem && <Notice tone="problem">{problem}</Notice>}
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {problemText(t, listError)}
        </p>
      )}
      <ol className="space-y-3">
        {list.fields.map((field, i) => {
          const n = i + 1;
          const orders = field.id === undefined ? 0 : (ordersIn.get(field.id) ?? 0);
          const rowErrors = errors.stages?.[i];
          const say = (error: FieldError | undefined) => error?.message && problemText(t, error.message);
          const input = (name: "nameEn" | "nameRu" | "usualDays") => {
            const id = `stage-${field.key}-${name}`;
            const error = say(rowErrors?.[name]);
            return (
              <div className={name === "usualDays" ? "sm:w-36" : "min-w-0 flex-1"}>
                <label htmlFor={id} className="text-sm font-medium">
                  {t(name === "usualDays" ? "days" : name)}
                </label>
                <input
                  id={id}
                  {...(name === "usualDays"
                    ? { type: "number", min: 0, max: 60, step: 1, inputMode: "numeric" as const }
                    : { type: "text", maxLength: 40 })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={fieldClass(error)}
                  {...form.register(`stages.${i}.${name}`, name === "usualDays" ? { valueAsNumber: true } : {})}
                />
                {error && (
                  <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
            );
          };
          return (
            <li key={field.key}>
              <fieldset className="min-w-0 rounded-2xl border border-sand-200 bg-white p-4" data-stage={field.id ?? "new"}>
                <legend className="px-1 font-semibold">
                  {t("legend", { n })}
                  {n === list.fields.length && <span className="ml-2 text-sm font-normal text-ink-600">({t("last")})</span>}
                </legend>
                <div className="flex flex-col gap-3 sm:flex-row">
                  {input("nameEn")}
                  {input("nameRu")}
                  {input("usualDays")}
                </div>
                {orders > 0 && (
                  <p className="mt-2 text-sm text-ink-700">
                    {t("orders", { count: orders.toLocaleString(locale) })} {t("inUse")}
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  <button type="button" className={small} disabled={i === 0} onClick={() => list.move(i, i - 1)}>
                    {t("up")}
                  </button>
                  <button type="button" className={small} disabled={i === list.fields.length - 1} onClick={() => list.move(i, i + 1)}>
                    {t("down")}
                  </button>
                  <button
                    type="button"
                    className={`${small} text-red-800`}
                    disabled={orders > 0 || list.fields.length === 1}
                    onClick={() => list.remove(i)}
                  >
                    {t("remove")}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p className="text-sm">{t("total", { days: countText("workingDays", days, locale) })}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={list.fields.length >= 12}
          onClick={() => list.append({ nameEn: "", nameRu: "", usualDays: 1 }, { shouldFocus: true })}
        >
          {t("add")}
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : t("save")}
        </button>
      </div>
    </form>
  );
}

const problemCodes = ["required", "tooLong", "characters", "duplicate", "days", "tooFew", "tooMany"] as const;

/** A field's (or the list's) code in the reader's words; anything else as the API said it. */
function problemText(t: T, code: string): string {
  return (problemCodes as readonly string[]).includes(code) ? t(`error.${code as (typeof problemCodes)[number]}`) : code;
}

/** A refused list: a 409's code in the reader's words, a 400's problem with the list, anything else as the API said it. */
function stagesRefusal(t: T, error: unknown): string {
  if (!(error instanceof ApiError)) return t("failed", { reason: String(error) });
  const details = (typeof error.details === "object" && error.details !== null ? error.details : {}) as Record<string, unknown>;
  const code = details.code;
  if (code === "stage-in-use" || code === "last-in-use" || code === "ready-in-use") return t(`refusal.${code}`);
  if (error.status === 400 && typeof details.stages === "string") return t("error.list", { problem: problemText(t, details.stages) });
  return t("failed", { reason: error.message });
}
