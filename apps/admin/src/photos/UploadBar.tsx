import { uploadTexts } from "#admin/i18n/uploads.ts";
import { useT } from "#admin/i18n/use-t.ts";

/** One upload as a page holds it: its file's name, the share of its bytes sent, and why it failed. */
export type UploadState = { name: string; progress: number; state: "sending" | "failed"; reason: string | null; retry: boolean };

/** One upload's bar: its bytes sent so far; a failed one red, with why (never a full green bar). */
export function UploadBar({ upload }: { upload: UploadState }) {
  const t = useT(uploadTexts);
  const percent = Math.round(upload.progress * 100);
  const failed = upload.state === "failed";
  return (
    <div className="text-sm" data-upload={upload.state}>
      <span className="flex justify-between gap-2">
        <span className="min-w-0 truncate">{upload.name}</span>
        <span className="tabular-nums">{failed ? "✕" : `${percent}%`}</span>
      </span>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={failed ? t("failedBar", { name: upload.name }) : t("progress", { name: upload.name })}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-sand-200"
      >
        <div className={`h-full ${failed ? "bg-red-600" : "bg-ink-900"}`} style={{ width: `${failed ? 100 : percent}%` }} />
      </div>
      {failed && upload.reason && (
        <p role="alert" className="mt-1 text-red-700">
          {upload.reason}
        </p>
      )}
    </div>
  );
}
