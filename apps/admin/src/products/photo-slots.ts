import type { UploadState } from "#admin/photos/UploadBar.tsx";

/**
 * The product form's photos as the page holds them: each a slot in the order chosen, whether its
 * upload is still on its way, failed, or done (then it has its storage key). Only done slots are
 * the product's photos; a slot keeps its place however soon its upload finishes.
 */
export type PhotoSlot = { id: string; key: string | null; altEn: string; altRu: string; upload: UploadState | null };
export type PhotoRow = { key: string; altEn: string; altRu: string };

/** The slots of a saved product's photos. */
export const slotsOf = (rows: readonly PhotoRow[]): PhotoSlot[] => rows.map((row) => ({ id: row.key, ...row, upload: null }));

/** The photos the form saves: the done slots, in their order. */
export const photoRows = (slots: readonly PhotoSlot[]): PhotoRow[] =>
  slots.flatMap((s) => (s.key !== null && s.upload === null ? [{ key: s.key, altEn: s.altEn, altRu: s.altRu }] : []));

/** A photo added by its key (e.g. one the AI studio made): last, with empty alt texts; a key already there is not added twice. */
export const withPhotoKey = (slots: readonly PhotoSlot[], key: string): PhotoSlot[] =>
  slots.some((s) => s.key === key) ? [...slots] : [...slots, { id: key, key, altEn: "", altRu: "", upload: null }];

/** Moves one entry of a list from one place to another. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
