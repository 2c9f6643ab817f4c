import { imageUrl } from "@workshop/domain/images.ts";
import { isUploadableImage, UploadError, uploadFile } from "@workshop/domain/photo-upload.ts";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, MAX_UPLOAD_PIXELS, uploadMessages } from "@workshop/domain/uploads.ts";
import { useEffect, useRef, useState } from "react";
import { adminProducts } from "#app/i18n/admin-products.ts";
import { useT } from "#app/i18n/core.ts";
import { useHydrated } from "../useHydrated.ts";
import { useFormToken } from "./useFormToken.ts";

export type PhotoRow = { key: string; altEn: string; altRu: string };

type Props = {
  photos: PhotoRow[];
  onChange: React.Dispatch<React.SetStateAction<PhotoRow[]>>;
  /** Whether an upload is still on its way (the form waits for it before saving). */
  onBusy: (busy: boolean) => void;
  errors: Record<string, string>;
  /** Says a field's problem in the reader's language. */
  say: (code: string) => string;
};

/** Moves one entry of a list from one place to another. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The product's photos in order (the first is the card photo): alt texts in English and Russian,
 * reordered by dragging or by Move up / Move down, removed, and new ones uploaded. The buttons are
 * the form's own submit buttons, so reordering and removing work without JavaScript too.
 */
export function ProductPhotos({ photos, onChange, onBusy, errors, say }: Props) {
  const t = useT(adminProducts);
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const button = "rounded-lg border border-sand-300 bg-white px-3 py-1.5 text-sm hover:bg-sand-100 disabled:opacity-40";
  const act = (event: React.MouseEvent, change: () => PhotoRow[]) => {
    event.preventDefault();
    onChange(change());
  };
  return (
    <fieldset className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{t("form.photos")}</legend>
      <p className="text-sm text-ink-600">{t("form.photosHint")}</p>
      {photos.length === 0 ? (
        <p className="mt-4 text-sm text-ink-700">{t("form.noPhotos")}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {photos.map((photo, i) => {
            const n = i + 1;
            const keyError = errors[`images.${i}.key`];
            return (
              <li
                key={photo.key}
                draggable
                onDragStart={(e) => {
                  dragged.current = i;
                  e.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(e) => {
                  if (dragged.current === null) return;
                  e.preventDefault();
                  setOver(i);
                }}
                onDragLeave={() => setOver((o) => (o === i ? null : o))}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged.current !== null) onChange(moved(photos, dragged.current, i));
                  dragged.current = null;
                  setOver(null);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setOver(null);
                }}
                className={`grid gap-3 rounded-xl border p-3 sm:grid-cols-[6rem_1fr] ${over === i ? "border-ink-900 bg-sand-100" : "border-sand-200"}`}
              >
                <input type="hidden" name="imageKey" value={photo.key} />
                <div className="flex items-start gap-3 sm:block">
                  <img
                    src={imageUrl(photo.key, 320, "jpg")}
                    alt=""
                    width={96}
                    height={96}
                    className="size-24 cursor-grab rounded-lg bg-sand-100 object-cover"
                  />
                  <p className="text-sm font-medium sm:mt-1">
                    {t("form.photo", { n })}
                    {i === 0 && (
                      <span className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                        {t("form.cardPhoto")}
                      </span>
                    )}
                  </p>
                </div>
                <div className="min-w-0 space-y-2">
                  {keyError && <p className="text-sm text-red-700">{say(keyError)}</p>}
                  <AltField
                    name="imageAltEn"
                    id={`photo-${i}-alt-en`}
                    label={t("form.altEn")}
                    value={photo.altEn}
                    error={errors[`images.${i}.altEn`]}
                    say={say}
                    onChange={(altEn) => onChange(photos.map((p, j) => (j === i ? { ...p, altEn } : p)))}
                  />
                  <AltField
                    name="imageAltRu"
                    id={`photo-${i}-alt-ru`}
                    label={t("form.altRu")}
                    value={photo.altRu}
                    error={errors[`images.${i}.altRu`]}
                    say={say}
                    onChange={(altRu) => onChange(photos.map((p, j) => (j === i ? { ...p, altRu } : p)))}
                  />
                  <div className="flex flex-wrap gap-2 pt-1">
                    <button
                      type="submit"
                      name="intent"
                      value={`image-up:${i}`}
                      disabled={i === 0}
                      aria-label={t("form.moveUpLabel", { n })}
                      className={button}
                      onClick={(e) => act(e, () => moved(photos, i, i - 1))}
                    >
                      {t("form.moveUp")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`image-down:${i}`}
                      disabled={i === photos.length - 1}
                      aria-label={t("form.moveDownLabel", { n })}
                      className={button}
                      onClick={(e) => act(e, () => moved(photos, i, i + 1))}
                    >
                      {t("form.moveDown")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`image-remove:${i}`}
                      aria-label={t("form.removePhoto", { n })}
                      className={`${button} text-red-800`}
                      onClick={(e) => act(e, () => photos.filter((_, j) => j !== i))}
                    >
                      {t("form.remove")}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Uploader
        onBusy={onBusy}
        // Added to the photos as they are then (alt texts typed meanwhile stay).
        onUploaded={(keys) =>
          onChange((current) => [
            ...current,
            ...keys.filter((k) => !current.some((p) => p.key === k)).map((key) => ({ key, altEn: "", altRu: "" })),
          ])
        }
      />
    </fieldset>
  );
}

function AltField(props: {
  name: string;
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  say: (code: string) => string;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div>
      <label htmlFor={props.id} className="text-xs font-medium text-ink-800">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        value={props.value}
        maxLength={300}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm ${props.error ? "border-red-600" : "border-sand-300"}`}
      />
      {props.error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {props.say(props.error)}
        </p>
      )}
    </div>
  );
}

type Upload = { id: number; name: string; progress: number; state: "sending" | "done" | "failed" };

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/**
 * Drag and drop or choose files: at most MAX_UPLOAD_FILES at once, images only, each at most
 * MAX_UPLOAD_BYTES; each file is sent on its own request so its bar shows its own bytes going out.
 */
function Uploader({ onUploaded, onBusy }: { onUploaded: (keys: string[]) => void; onBusy: (busy: boolean) => void }) {
  const t = useT(adminProducts);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const sending = uploads.some((u) => u.state === "sending");
  const token = useFormToken();
  useEffect(() => onBusy(sending), [sending, onBusy]);

  async function send(files: File[]) {
    setProblem(null);
    if (files.length === 0) return;
    if (files.length > MAX_UPLOAD_FILES) return setProblem(t("upload.tooMany", { max: MAX_UPLOAD_FILES }));
    if (!files.every(isUploadableImage)) return setProblem(t("upload.type"));
    const large = files.find((f) => f.size > MAX_UPLOAD_BYTES);
    if (large) return setProblem(t("upload.tooLarge", { name: large.name, mb: MAX_MB }));
    const batch = files.map((file) => ({ file, id: nextId.current++ }));
    setUploads((list) => [
      ...list.filter((u) => u.state === "sending"),
      ...batch.map(({ file, id }) => ({ id, name: file.name, progress: 0, state: "sending" as const })),
    ]);
    const update = (id: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
    const results = await Promise.allSettled(
      batch.map(({ file, id }) =>
        uploadFile(file, (progress) => update(id, { progress }), token).then(
          (stored) => {
            update(id, { state: "done", progress: 1 });
            return stored.pathname;
          },
          (error: unknown) => {
            update(id, { state: "failed" });
            throw error;
          },
        ),
      ),
    );
    const keys = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    if (keys.length > 0) onUploaded(keys);
    const failure = results.find((r) => r.status === "rejected");
    if (failure) {
      const message = failure.reason instanceof UploadError ? failure.reason.serverMessage : null;
      // The server's own reasons, in the reader's language; anything else is SPEC 8's failure.
      setProblem(
        message === uploadMessages.notAnImage
          ? t("upload.type")
          : message === uploadMessages.tooLarge
            ? t("upload.tooLargeAny", { mb: MAX_MB })
            : message === uploadMessages.tooManyPixels
              ? t("upload.tooManyPixels", { mp: MAX_UPLOAD_PIXELS / 1_000_000 })
              : t("upload.failed"),
      );
    }
  }

  return (
    <div className="mt-4">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone; its button and input are the keyboard's way in */}
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragging(false);
          void send([...e.dataTransfer.files]);
        }}
        className={`rounded-xl border-2 border-dashed p-4 text-center text-sm ${dragging ? "border-ink-900 bg-sand-100" : "border-sand-300"}`}
      >
        {hydrated ? (
          <>
            <p>
              {t("upload.drop")}{" "}
              <button type="button" onClick={() => input.current?.click()} className="font-medium underline underline-offset-4">
                {t("upload.choose")}
              </button>
            </p>
            <label className="sr-only" htmlFor="photo-files">
              {t("upload.label")}
            </label>
            <input
              ref={input}
              id="photo-files"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              tabIndex={-1}
              onChange={(e) => {
                void send([...(e.target.files ?? [])]);
                e.target.value = "";
              }}
            />
          </>
        ) : (
          <p>{t("upload.noScript")}</p>
        )}
        <p className="mt-1 text-xs text-ink-600">{t("upload.rules", { max: MAX_UPLOAD_FILES, mb: MAX_MB })}</p>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="mt-3 space-y-2">
          {uploads.map((u) => (
            <li key={u.id} className="text-sm">
              <span className="flex justify-between gap-2">
                <span className="truncate">{u.name}</span>
                <span className="tabular-nums">{u.state === "failed" ? "✕" : `${Math.round(u.progress * 100)}%`}</span>
              </span>
              <progress
                max={100}
                value={Math.round(u.progress * 100)}
                aria-label={t(u.state === "done" ? "upload.done" : "upload.progress", { name: u.name })}
                className="mt-1 h-2 w-full"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
