import { uploadFile } from "@workshop/domain/photo-upload.ts";
import { MAX_UPLOAD_FILES } from "@workshop/domain/uploads.ts";
import { ProductPhoto } from "@workshop/ui/ProductPhoto.tsx";
import { useRef, useState } from "react";
import { apiBase } from "#admin/api/client.ts";
import { productsTexts } from "#admin/i18n/products.ts";
import { uploadTexts } from "#admin/i18n/uploads.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { UploadBar } from "#admin/photos/UploadBar.tsx";
import { chosenFileRefusal, MAX_MB, uploadRefusal } from "#admin/photos/upload-problems.ts";
import { useSession } from "#admin/session/session.ts";
import { moved, type PhotoSlot } from "./photo-slots.ts";

type Props = {
  slots: PhotoSlot[];
  onChange: React.Dispatch<React.SetStateAction<PhotoSlot[]>>;
  /** Field problems by path (`images.0.altEn`), the index counting the saved photos only. */
  errors: Record<string, string>;
  /** Says a field's problem in the reader's language. */
  say: (code: string) => string;
};

/**
 * The product's photos in order (the first is the card photo): alt texts in English and Russian,
 * reordered by dragging or by Move up / Move down, removed, and new ones uploaded. A chosen photo
 * takes its place at once, in the order chosen, and shows its own upload's progress there; a
 * failed upload stays as a red bar with its reason until it is tried again or removed.
 */
export function ProductPhotos({ slots, onChange, errors, say }: Props) {
  const t = useT(productsTexts);
  const u = useT(uploadTexts);
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const button = "rounded-lg border border-sand-300 bg-white px-3 py-1.5 text-sm hover:bg-sand-100 disabled:opacity-40";
  // Problems name a photo by its place among the saved ones (the slots whose upload is done).
  let saved = -1;
  return (
    <fieldset className="min-w-0 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{t("form.photos")}</legend>
      <p className="text-sm text-ink-600">{t("form.photosHint")}</p>
      {slots.length === 0 ? (
        <p className="mt-4 text-sm text-ink-700">{t("form.noPhotos")}</p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label={t("form.photos")}>
          {slots.map((slot, i) => {
            const n = i + 1;
            const at = slot.upload === null && slot.key !== null ? ++saved : -1;
            const keyError = at >= 0 ? errors[`images.${at}.key`] : undefined;
            const change = (edit: Partial<PhotoSlot>) => onChange((list) => list.map((s) => (s.id === slot.id ? { ...s, ...edit } : s)));
            return (
              <li
                key={slot.id}
                draggable
                data-photo={slot.key ?? ""}
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
                  const from = dragged.current;
                  if (from !== null) onChange((list) => moved(list, from, i));
                  dragged.current = null;
                  setOver(null);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setOver(null);
                }}
                className={`grid min-w-0 gap-3 rounded-xl border p-3 sm:grid-cols-[6rem_1fr] ${over === i ? "border-ink-900 bg-sand-100" : "border-sand-200"}`}
              >
                <div className="flex items-start gap-3 sm:block">
                  {slot.key !== null && slot.upload === null ? (
                    <div className="size-24 shrink-0 cursor-grab overflow-hidden rounded-lg bg-sand-100">
                      <ProductPhoto
                        image={{ key: slot.key }}
                        alt=""
                        sizes="96px"
                        maxWidth={320}
                        origin={apiBase()}
                        missing={{ none: t("form.photoNone"), notFound: t("form.photoNotFound") }}
                        className="size-24 text-xs"
                      />
                    </div>
                  ) : (
                    <div className="size-24 rounded-lg bg-sand-100" />
                  )}
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
                  {slot.upload && <UploadBar upload={slot.upload} />}
                  {keyError && <p className="text-sm text-red-700">{say(keyError)}</p>}
                  {slot.upload?.state !== "failed" && (
                    <>
                      <AltField
                        id={`photo-${slot.id}-alt-en`}
                        label={t("form.altEn")}
                        value={slot.altEn}
                        error={at >= 0 ? errors[`images.${at}.altEn`] : undefined}
                        say={say}
                        onChange={(altEn) => change({ altEn })}
                      />
                      <AltField
                        id={`photo-${slot.id}-alt-ru`}
                        label={t("form.altRu")}
                        value={slot.altRu}
                        error={at >= 0 ? errors[`images.${at}.altRu`] : undefined}
                        say={say}
                        onChange={(altRu) => change({ altRu })}
                      />
                    </>
                  )}
                  <div className="flex flex-wrap gap-2 pt-1">
                    <button
                      type="button"
                      disabled={i === 0}
                      aria-label={t("form.moveUpLabel", { n })}
                      className={button}
                      onClick={() => onChange((list) => moved(list, i, i - 1))}
                    >
                      {t("form.moveUp")}
                    </button>
                    <button
                      type="button"
                      disabled={i === slots.length - 1}
                      aria-label={t("form.moveDownLabel", { n })}
                      className={button}
                      onClick={() => onChange((list) => moved(list, i, i + 1))}
                    >
                      {t("form.moveDown")}
                    </button>
                    {slot.upload?.state === "failed" && slot.upload.retry && (
                      <RetryButton slot={slot} onChange={onChange} className={button} />
                    )}
                    <button
                      type="button"
                      aria-label={
                        slot.upload?.state === "failed" ? u("removeLabel", { name: slot.upload.name }) : t("form.removePhoto", { n })
                      }
                      className={`${button} text-red-800`}
                      onClick={() => onChange((list) => list.filter((s) => s.id !== slot.id))}
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
      <Uploader onChange={onChange} />
    </fieldset>
  );
}

function AltField(props: {
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

/** The files of slots waiting to be sent again, kept out of the slots (a File is not form state). */
const filesOf = new Map<string, File>();

function RetryButton({
  slot,
  onChange,
  className,
}: {
  slot: PhotoSlot;
  onChange: React.Dispatch<React.SetStateAction<PhotoSlot[]>>;
  className: string;
}) {
  const t = useT(uploadTexts);
  const send = useSender(onChange);
  const file = filesOf.get(slot.id);
  if (!file) return null;
  return (
    <button type="button" aria-label={t("retryLabel", { name: file.name })} className={className} onClick={() => send(slot.id, file)}>
      {t("retry")}
    </button>
  );
}

/** Sends one file for its slot, which shows the bytes going out, then holds the stored key or why it failed. */
function useSender(onChange: React.Dispatch<React.SetStateAction<PhotoSlot[]>>) {
  const t = useT(uploadTexts);
  const { csrfToken } = useSession();
  const update = (id: string, change: (slot: PhotoSlot) => Partial<PhotoSlot>) =>
    onChange((list) => list.map((s) => (s.id === id ? { ...s, ...change(s) } : s)));
  return (id: string, file: File) => {
    filesOf.set(id, file);
    update(id, () => ({ upload: { name: file.name, progress: 0, state: "sending", reason: null, retry: false } }));
    uploadFile(file, (progress) => update(id, (s) => ({ upload: s.upload && { ...s.upload, progress } })), csrfToken ?? "", {
      endpoint: `${apiBase()}/api/uploads`,
      withCredentials: true,
    }).then(
      (stored) => {
        filesOf.delete(id);
        update(id, () => ({ key: stored.pathname, upload: null }));
      },
      (error: unknown) =>
        update(id, (s) => ({
          upload: { name: file.name, progress: s.upload?.progress ?? 0, state: "failed", ...uploadRefusal(t, error) },
        })),
    );
  };
}

let nextUpload = 1;

/**
 * Drag and drop or choose files: at most MAX_UPLOAD_FILES at once. Each file takes its slot at
 * once, in the order chosen, and is sent on its own request so its bar shows its own bytes; one
 * the browser already knows to be refused (not an image, too large) fails at once, with why.
 */
function Uploader({ onChange }: { onChange: React.Dispatch<React.SetStateAction<PhotoSlot[]>> }) {
  const t = useT(uploadTexts);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const send = useSender(onChange);

  function choose(files: File[]) {
    setProblem(null);
    if (files.length === 0) return;
    if (files.length > MAX_UPLOAD_FILES) return setProblem(t("tooMany", { max: MAX_UPLOAD_FILES }));
    const chosen = files.map((file) => ({ file, id: `upload-${nextUpload++}`, refusal: chosenFileRefusal(t, file) }));
    onChange((list) => [
      ...list,
      ...chosen.map(({ file, id, refusal }) => ({
        id,
        key: null,
        altEn: "",
        altRu: "",
        upload: {
          name: file.name,
          progress: 0,
          state: refusal ? ("failed" as const) : ("sending" as const),
          reason: refusal,
          retry: false,
        },
      })),
    ]);
    for (const { file, id, refusal } of chosen) if (!refusal) send(id, file);
  }

  return (
    <div className="mt-4">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone; its button is the keyboard's way in */}
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
          choose([...e.dataTransfer.files]);
        }}
        className={`rounded-xl border-2 border-dashed p-4 text-center text-sm ${dragging ? "border-ink-900 bg-sand-100" : "border-sand-300"}`}
      >
        <p>
          {t("drop")}{" "}
          <button type="button" onClick={() => input.current?.click()} className="font-medium underline underline-offset-4">
            {t("choose")}
          </button>
        </p>
        <label className="sr-only" htmlFor="photo-files">
          {t("label")}
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
            choose([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
        <p className="mt-1 text-xs text-ink-600">{t("rules", { max: MAX_UPLOAD_FILES, mb: MAX_MB })}</p>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
