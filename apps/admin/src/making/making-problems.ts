import type { Translate } from "@workshop/domain/i18n/core.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { ApiError } from "#admin/api/client.ts";
import type { makingTexts } from "#admin/i18n/making.ts";
import { stageName } from "./stage-name.ts";

type T = Translate<keyof typeof makingTexts.en>;
type Key = keyof typeof makingTexts.en;

/** The fields of a move's form that a refusal may name. */
type MoveField = "reason" | "noteEn" | "noteRu";
const moveFields: readonly string[] = ["reason", "noteEn", "noteRu"] satisfies MoveField[];

/**
 * A refused move (or adjusting) in the reader's words: `stale` when someone moved the order
 * meanwhile (the page then loads it again), field codes for the form's own fields, and a text for
 * the rest (null when the fields say it all).
 */
export type MakingRefusal = { text: string | null; stale: boolean; fields: Partial<Record<MoveField, string>> };

export function makingRefusal(t: T, error: unknown, locale: Locale): MakingRefusal {
  const none = { stale: false, fields: {} };
  if (!(error instanceof ApiError)) return { ...none, text: t("failed", { reason: String(error) }) };
  const details = (typeof error.details === "object" && error.details !== null ? error.details : {}) as Record<string, unknown>;
  if (details.code === "stale") {
    const current = details.current as { nameEn?: unknown; nameRu?: unknown } | undefined;
    const stage =
      typeof current?.nameEn === "string" && typeof current.nameRu === "string"
        ? stageName({ nameEn: current.nameEn, nameRu: current.nameRu }, locale)
        : "?";
    return { text: t("refusal.stale", { stage }), stale: true, fields: {} };
  }
  if (typeof details.code === "string") {
    const key = `refusal.${details.code}`;
    return { ...none, text: t("failed", { reason: key in refusalKeys ? t(key as Key) : error.message }) };
  }
  if (error.status === 400) {
    const fields: Partial<Record<MoveField, string>> = {};
    let text: string | null = null;
    for (const [field, code] of Object.entries(details)) {
      if (moveFields.includes(field)) fields[field as MoveField] = String(code);
      else if (field === "photoIds") text = t("refusal.photo");
      else if (field === "to" || field === "stageId" || field === "expected") text = t("refusal.stage");
    }
    if (text || Object.keys(fields).length > 0) return { text, stale: false, fields };
  }
  return { ...none, text: t("failed", { reason: error.message }) };
}

const refusalKeys: Record<string, true> = Object.fromEntries(
  ["ended", "not-in-making", "not-in-workshop", "in-making", "not-paid", "too-many-waiting"].map((code) => [`refusal.${code}`, true]),
);

/** A field's code (the shared schemas' and the API's) in the reader's words: any other is a reason too short ("required"). */
export function moveFieldProblem(t: T, code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  return code === "tooLong" || code === "characters" ? t(`error.${code}`) : t("error.reasonShort");
}
