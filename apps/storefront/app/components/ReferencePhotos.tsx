import { isUploadableImage, UploadError, uploadReferencePhoto } from "@workshop/domain/photo-upload.ts";
import { MAX_REFERENCE_PIXELS, referenceRefusals, referenceTooManyPixels, referenceUploadLimits } from "@workshop/domain/uploads.ts";
import { useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/core.ts";
import { custom } from "#app/i18n/custom.ts";

type Photo = { key: string; name: string; preview: string; progress: number; id: string | null; error: string | null };

/**
 * The custom request's reference photos (JavaScript only): each chosen file is checked in the
 * browser, uploaded at once with its progress shown, and previewed; its id goes with the form in a
 * hidden `referenceImages` field. The server checks everything again, by content.
 */
export function ReferencePhotos({ onBusy, resetKey }: { onBusy: (busy: boolean) => void; resetKey: unknown }) {
  const t = useT(custom);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { maxFiles, maxBytes } = referenceUploadLimits;

  const busy = photos.some((p) => p.id === null && p.error === null);
  useEffect(() => onBusy(busy), [busy, onBusy]);
  // A sent request empties the list (the form was cleared).
  useEffect(() => {
    if (resetKey) setPhotos([]);
  }, [resetKey]);

  const update = (key: string, change: Partial<Photo>) => setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const choose = (files: FileList | null) => {
    setMessage(null);
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = "";
    if (chosen.length === 0) return;
    if (photos.length + chosen.length > maxFiles) return setMessage(t("form.photos.tooMany"));
    if (chosen.some((f) => !isUploadableImage(f))) return setMessage(t("form.photos.notImage"));
    if (chosen.some((f) => f.size > maxBytes)) return setMessage(t("form.photos.tooLarge"));
    for (const file of chosen) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      setPhotos((list) => [...list, { key, name: file.name, preview: "", progress: 0, id: null, error: null }]);
      // A data: address (the Content-Security-Policy allows data: images, not blob:).
      const reader = new FileReader();
      reader.addEventListener("load", () => update(key, { preview: String(reader.result) }));
      reader.readAsDataURL(file);
      uploadReferencePhoto(file, (progress) => update(key, { progress })).then(
        (id) => update(key, { id }),
        (error: unknown) => update(key, { error: uploadFailure(error) }),
      );
    }
  };

  // Only the server can count a photo's pixels and the photos waiting: its refusals are said in the page's language.
  const uploadFailure = (error: unknown) => {
    const said = error instanceof UploadError ? error.serverMessage : null;
    if (said === referenceTooManyPixels) return t("form.photos.tooManyPixels", { mp: MAX_REFERENCE_PIXELS / 1_000_000 });
    if (said === referenceRefusals.clientShareUsed) return t("form.photos.shareUsed");
    if (said === referenceRefusals.roomFull) return t("form.photos.roomFull");
    return said || t("form.photos.failed");
  };

  const remove = (photo: Photo) => {
    setPhotos((list) => list.filter((p) => p.key !== photo.key));
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-ink-900">{t("form.photos")}</legend>
      <p id="photos-hint" className="text-sm text-ink-500">
        {t("form.photos.hint")}
      </p>
      {photos.length < maxFiles && (
        <label className="btn-secondary inline-flex cursor-pointer px-4 py-2">
          {t("form.photos.add")}
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            className="sr-only"
            aria-describedby="photos-hint"
            onChange={(e) => choose(e.currentTarget.files)}
          />
        </label>
      )}
      {message && (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-3">
          {photos.map((photo) => (
            <li key={photo.key} className="space-y-1.5">
              {photo.preview ? (
                <img src={photo.preview} alt={photo.name} className="aspect-square w-full rounded-lg object-cover" />
              ) : (
                <div className="aspect-square w-full rounded-lg bg-sand-100" />
              )}
              {photo.id === null && photo.error === null && (
                <progress
                  className="h-1.5 w-full"
                  max={1}
                  value={photo.progress}
                  aria-label={t("form.photos.uploading", { name: photo.name })}
                />
              )}
              {photo.error && <p className="text-xs text-red-700">{photo.error}</p>}
              {photo.id && <input type="hidden" name="referenceImages" value={photo.id} />}
              <button type="button" className="text-sm font-medium text-ink-700 underline" onClick={() => remove(photo)}>
                {t("form.photos.remove", { name: photo.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
