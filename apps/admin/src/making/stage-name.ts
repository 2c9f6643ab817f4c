import type { Locale } from "@workshop/domain/locale.ts";

/** A making stage's name in the reader's language (the shop keeps both). */
export const stageName = (stage: { nameEn: string; nameRu: string }, locale: Locale): string =>
  locale === "ru" ? stage.nameRu : stage.nameEn;
