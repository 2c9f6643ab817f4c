import { sendFile } from "@workshop/domain/photo-upload.ts";
import { MAX_PHOTOS_PER_MOVE, type MakingPhotoAnswer, makingPhotosAnswer } from "@workshop/domain/staff-api/making.ts";
import { CSRF_HEADER } from "@workshop/domain/staff-api.ts";
import { useRef, useState } from "react";
import { api, apiBase } from "#admin/api/client.ts";
import { makingTexts } from "#admin/i18n/making.ts";
import { uploadTexts } from "#admin/i18n/uploads.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { UploadBar, type UploadState } from "#admin/photos/UploadBar.tsx";
import { chosenFileRefusal, MAX_MB, uploadRefusal } from "#admin/photos/upload-problems.ts";
import { useSession } from "#admin/session/session.ts";

/** A photo of the move as the form holds it: uploading (or failed, with why), or uploaded and waiting for the move. */
export type StagePhotoSlot = { id: string; photo: MakingPhotoAnswer | null; upload: UploadState | null };

/** The photos already uploaded for the order's next move (a page left before its move keeps them). */
export const slotsOfWaiting = (photos: readonly MakingPhotoAnswer[]): StagePhotoSlot[] =>
  photos.map((photo) => ({ id: photo.id, photo, upload: null }));

/** The ids the move sends: the uploaded photos, in their order. */
export const uploadedIds = (slots: readonly StagePhotoSlot[]): string[] =>
  slots.flatMap((slot) => (slot.photo && !slot.upload ? [slot.photo.id] : []));

let nextUpload = 1;

/**
 * A move's photos (at most 5): each chosen file takes its place at once and is sent on its own
 * request to the order's photos endpoint, its bar showing its own bytes (the product form's bar); an
 * uploaded one shows its thumbnail and waits for the move. A failed one stays, red with why, until
 * it is removed; removing an uploaded one removes it from the server too.
 */
export function StagePhotos({
  orderId,
  slots,
  onChange,
}: {
  orderId: string;
  slots: StagePhotoSlot[];
  onChange: React.Dispatch<React.SetStateAction<StagePhotoSlot[]>>;
}) {
  const t = useT(makingTexts);
  const u = useT(uploadTexts);
  const { csrfToken } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const base = `/api/admin/orders/${encodeURIComponent(orderId)}/making/photos`;
  const update = (id: string, change: (slot: StagePhotoSlot) => Partial<StagePhotoSlot>) =>
    onChange((list) => list.map((s) => (s.id === id ? { ...s, ...change(s) } : s)));

  const send = (id: string, file: File) =>
    sendFile(file, (progress) => update(id, (s) => ({ upload: s.upload && { ...s.upload, progress } })), {
      endpoint: `${apiBase()}${base}`,
      read: (body) => makingPhotosAnswer.safeParse(body).data?.photos[0] ?? null,
      headers: csrfToken ? { [CSRF_HEADER]: csrfToken } : {},
      withCredentials: true,
    }).then(
      (photo) => update(id, () => ({ photo, upload: null })),
      (error: unknown) =>
        update(id, (s) => ({
          upload: { name: file.name, progress: s.upload?.progress ?? 0, state: "failed", ...uploadRefusal(u, error) },
        })),
    );

  const choose = (files: File[]) => {
    setProblem(null);
    if (files.length === 0) return;
    if (slots.length + files.length > MAX_PHOTOS_PER_MOVE) return setProblem(t("form.photosFull", { max: MAX_PHOTOS_PER_MOVE }));
    const chosen = files.map((file) => ({ file, id: `stage-upload-${nextUpload++}`, refusal: chosenFileRefusal(u, file) }));
    onChange((list) => [
      ...list,
      ...chosen.map(({ file, id, refusal }) => ({
        id,
        photo: null,
        upload: {
          name: file.name,
          progress: 0,
          state: refusal ? ("failed" as const) : ("sending" as const),
          reason: refusal,
          retry: false,
        },
      })),
    ]);
    for (const { file, id, refusal } of chosen) if (!refusal) void send(id, file);
  };

  const remove = (slot: StagePhotoSlot) => {
    onChange((list) => list.filter((s) => s.id !== slot.id));
    // Taken off the server too; one already gone (removed hourly after a day) needs nothing more.
    if (slot.photo) void api(`${base}/${encodeURIComponent(slot.photo.id)}`, { method: "DELETE" }).catch(() => undefined);
  };

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium">{t("form.photos")}</legend>
      <p className="text-xs text-ink-600">{t("form.photosRules", { max: MAX_PHOTOS_PER_MOVE, mb: MAX_MB })}</p>
      {slots.length > 0 && (
        <ol className="mt-2 grid gap-2 sm:grid-cols-2" aria-label={t("form.photos")}>
          {slots.map((slot, i) => {
            const n = i + 1;
            return (
              <li key={slot.id} className="flex min-w-0 items-start gap-3 rounded-xl border border-sand-200 p-2">
                {slot.photo && !slot.upload ? (
                  <img
                    // Asked as a CORS request with the session's cookie: as a plain image, the browser may refuse the API's
                    // same-site photo where the console and the API are not one site to it (two ports of 127.0.0.1).
                    crossOrigin="use-credentials"
                    src={`${apiBase()}${slot.photo.thumbnailUrl}`}
                    alt={t("form.photo", { n })}
                    width={slot.photo.width}
                    height={slot.photo.height}
                    className="size-16 shrink-0 rounded-lg bg-sand-100 object-cover"
                  />
                ) : (
                  <div className="size-16 shrink-0 rounded-lg bg-sand-100" />
                )}
                <div className="min-w-0 flex-1 space-y-1">
                  {slot.upload ? <UploadBar upload={slot.upload} /> : <p className="text-sm">{t("form.photo", { n })}</p>}
                  <button
                    type="button"
                    aria-label={slot.upload ? u("removeLabel", { name: slot.upload.name }) : t("form.removePhoto", { n })}
                    className="rounded-lg border border-sand-300 bg-white px-3 py-1 text-sm text-red-800 hover:bg-sand-100"
                    onClick={() => remove(slot)}
                  >
                    {t("form.remove")}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {slots.length < MAX_PHOTOS_PER_MOVE && (
        <p className="mt-2">
          <button type="button" className="btn-secondary" onClick={() => input.current?.click()}>
            {u("label")}
          </button>
        </p>
      )}
      <label className="sr-only" htmlFor={`stage-photos-${orderId}`}>
        {u("label")}
      </label>
      <input
        ref={input}
        id={`stage-photos-${orderId}`}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          choose([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
