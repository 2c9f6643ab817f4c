import {
  backgrounds,
  DEFAULT_STYLE_HINT,
  dimensionsOf,
  type EnhanceStatus,
  enhanceStatusSchema,
  MAX_REFERENCE_PHOTOS,
  MAX_STUDIO_SIDE,
  MIN_STUDIO_SIDE,
  POLL_EVERY_MS,
  type StudioEngine,
} from "@workshop/domain/ai-studio.ts";
import { translator } from "@workshop/domain/i18n/core.ts";
import { imageUrl } from "@workshop/domain/images.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { isUploadableImage } from "@workshop/domain/photo-upload.ts";
import { studioJobQueuedAnswer, studioJobsAnswer, studioResultAnswer, uploadedPhotosAnswer } from "@workshop/domain/staff-api/ai-studio.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, api, apiUpload } from "../api/client.ts";
import { consoleDate } from "../dates.ts";
import { aiStudioTexts } from "../i18n/ai-studio.ts";
import { StudioComparison } from "./StudioComparison.tsx";
import { useStudioLanguage } from "./studio-language.ts";
import { photoSrc, small, type Tr } from "./studio-parts.ts";

type Props = {
  /** The product being edited, or null for a new one. */
  productId: number | null;
  /** The product's photos as the form has them now (keys in storage). */
  photoKeys: string[];
  /** Adds a studio photo to the product's photos (the form keeps it once saved). */
  onAdd: (key: string) => void;
};

const box = "rounded-2xl border border-sand-200 bg-white p-4 sm:p-6";
const isDone = (status: EnhanceStatus["status"]) => status === "COMPLETED" || status === "FAILED";

/** The server's `{error}` when it sent one (SPEC 8), else `fallback`: the panel's own words, as a network failure too. */
const reasonOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.status > 0 ? error.message : fallback);

/**
 * The 'AI studio photos' panel (SPEC 2.11, 4, 5, 8): reference photos, style and size, Start; each
 * job polled every 3 s until it ends, its studio photos added to the product, compared with their
 * source or discarded. It loads the jobs to list itself: the product's, or for a product not saved
 * yet the signed-in person's. It may live inside the product form, so its fields have no names
 * (they are not the product's) and its buttons never submit the form; the form's `name` and
 * `description` fields, when it has them, are sent with a job.
 */
export function AiStudioPanel({ productId, photoKeys, onAdd }: Props) {
  const [language, setLanguage] = useStudioLanguage();
  const t = translator(aiStudioTexts, language);
  const other: Locale = language === "ru" ? "en" : "ru";
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [styleHint, setStyleHint] = useState(DEFAULT_STYLE_HINT);
  const [background, setBackground] = useState<string>("white");
  const [colour, setColour] = useState("#f5efe6");
  const [shape, setShape] = useState<"square" | "portrait">("square");
  const [side, setSide] = useState(String(MAX_STUDIO_SIDE));
  // What the engine in use makes (from the API with the jobs); null until known. Its choices only.
  const [engine, setEngine] = useState<StudioEngine | null>(null);
  const [sequentialChoice, setSequential] = useState<boolean | null>(null);
  const sequential = engine?.sequentialMode ? (sequentialChoice ?? true) : false;
  const [watermark, setWatermark] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [jobs, setJobs] = useState<EnhanceStatus[]>([]);
  const [loaded, setLoaded] = useState<"loading" | "done" | { failed: unknown }>("loading");
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setLoaded("loading");
      const query = productId === null ? "" : `?product=${productId}`;
      api(`/api/admin/studio-jobs${query}`, { answer: studioJobsAnswer, signal }).then(
        (answer) => {
          // A job started while the list was on its way stays, first.
          setJobs((list) => [...list.filter((j) => !answer.jobs.some((a) => a.jobId === j.jobId)), ...answer.jobs]);
          setEngine(answer.engine);
          setLoaded("done");
        },
        (error: unknown) => {
          if (!signal?.aborted) setLoaded({ failed: error });
        },
      );
    },
    [productId],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const candidates = [...photoKeys, ...uploaded.filter((k) => !photoKeys.includes(k))];
  const toggle = (key: string) => setChosen((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  // Enter in a field of the panel must not save the product.
  const noSubmit = (e: React.KeyboardEvent) => {
    if (e.key === "Enter") e.preventDefault();
  };

  async function upload(files: File[]) {
    setProblem(null);
    if (files.length === 0) return;
    if (!files.every(isUploadableImage)) return setProblem(t("genericFailure"));
    setUploading(true);
    // One file a request: a refused photo leaves the others stored, each in the order chosen.
    const results = await Promise.allSettled(files.map((file) => apiUpload("/api/uploads", [file], uploadedPhotosAnswer)));
    setUploading(false);
    const keys = results.flatMap((r) => (r.status === "fulfilled" && r.value[0] ? [r.value[0].pathname] : []));
    setUploaded((list) => [...list, ...keys]);
    setChosen((list) => [...list, ...keys.filter((k) => !list.includes(k))]);
    const failure = results.find((r) => r.status === "rejected");
    if (failure) setProblem(reasonOf(failure.reason, t("genericFailure")));
  }

  async function start(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    setProblem(null);
    setNotice(null);
    if (chosen.length === 0) return setProblem(t("needPhoto"));
    const form = event.currentTarget.form;
    const field = (name: string) => String((form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "");
    const { width, height } = dimensionsOf(shape, Number(side) || MAX_STUDIO_SIDE);
    setStarting(true);
    try {
      const body = await api("/api/ai/enhance-product-images", {
        method: "POST",
        answer: studioJobQueuedAnswer,
        body: {
          imageUrls: chosen.map((key) => imageUrl(key, 1280, "jpg")),
          productName: field("name").slice(0, 200),
          productDescription: field("description").slice(0, 5000),
          styleHint,
          background: background === "colour" ? colour : background,
          size: `${width}x${height}`,
          sequentialMode: sequential,
          watermark,
          ...(productId !== null ? { productId } : {}),
        },
      });
      if (body.cutOff > 0) setNotice(t("cutOff", { max: MAX_REFERENCE_PHOTOS, n: body.cutOff }));
      const sources = chosen.slice(0, MAX_REFERENCE_PHOTOS);
      setJobs((list) => [
        {
          jobId: body.jobId,
          status: body.status,
          prompt: body.prompt,
          sourceCount: body.sourceCount,
          sources,
          resultImages: [],
          results: [],
          error: null,
          engine: null,
          summary: null,
          progress: { done: 0, total: 0 },
          createdAt: new Date().toISOString(),
        },
        ...list,
      ]);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status >= 500 ? t("enqueueFailed") : reasonOf(error, t("genericFailure")));
    } finally {
      setStarting(false);
    }
  }

  return (
    <section aria-labelledby="ai-studio-title" lang={language} className={box}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="ai-studio-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <button type="button" lang={other} className={small} onClick={() => setLanguage(other)}>
          {other === "en" ? "English" : "Русский"}
        </button>
      </div>
      <p className="mt-1 text-sm text-ink-700">{t("intro")}</p>
      {engine && (
        <p id="ai-engine-offers" className="mt-2 rounded-lg bg-sand-50 px-3 py-2 text-sm text-ink-800">
          {t(`offers.${engine.name}`)}
        </p>
      )}
      <div className="mt-4 space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-ink-900">{t("references")}</legend>
          <p className="text-xs text-ink-600">{t("referencesHint", { max: MAX_REFERENCE_PHOTOS })}</p>
          {candidates.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("noReferences")}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {candidates.map((key, i) => {
                const order = chosen.indexOf(key);
                return (
                  <li key={key}>
                    <label
                      className={`relative block cursor-pointer rounded-lg border-2 p-0.5 ${order >= 0 ? "border-ink-900" : "border-transparent"}`}
                    >
                      <input
                        type="checkbox"
                        checked={order >= 0}
                        onChange={() => toggle(key)}
                        aria-label={t("reference", { n: i + 1 })}
                        className="absolute top-1.5 left-1.5 size-4"
                      />
                      <img src={photoSrc(key, 320)} alt="" width={64} height={64} className="size-16 rounded-md object-cover" />
                      {order >= 0 && (
                        <span className="absolute right-1 bottom-1 rounded-full bg-ink-900 px-1.5 text-xs text-white">{order + 1}</span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <button type="button" className={small} disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? t("uploading") : t("uploadReferences")}
            </button>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              tabIndex={-1}
              aria-label={t("uploadReferences")}
              onChange={(e) => {
                void upload([...(e.target.files ?? [])]);
                e.target.value = "";
              }}
            />
            <span className="text-sm text-ink-700" aria-live="polite">
              {t("chosen", { n: chosen.length })}
            </span>
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="ai-style" className="text-sm font-medium text-ink-900">
              {t("styleHint")}
            </label>
            <input
              id="ai-style"
              value={styleHint}
              maxLength={500}
              disabled={!engine?.styleHint}
              onChange={(e) => setStyleHint(e.target.value)}
              onKeyDown={noSubmit}
              aria-describedby={engine && !engine.styleHint ? "ai-style-unused" : undefined}
              className="mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm disabled:bg-sand-50 disabled:text-ink-600"
            />
            {engine && !engine.styleHint && (
              <p id="ai-style-unused" className="mt-1 text-xs text-ink-600">
                {t("styleHintUnused")}
              </p>
            )}
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-ink-900">{t("background")}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {[...backgrounds, "colour" as const].map((b) => (
                <label key={b} className="flex items-center gap-1.5 text-sm">
                  <input type="radio" checked={background === b} onChange={() => setBackground(b)} className="size-4" />
                  {t(`background.${b}`)}
                </label>
              ))}
            </div>
            {background === "colour" && (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="color" value={colour} onChange={(e) => setColour(e.target.value)} className="h-8 w-12" />
                {t("colour")}
              </label>
            )}
          </fieldset>
          <div className="space-y-3">
            <fieldset>
              <legend className="text-sm font-medium text-ink-900">{t("size")}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {(["square", "portrait"] as const).map((s) => (
                  <label key={s} className="flex items-center gap-1.5 text-sm">
                    <input type="radio" checked={shape === s} onChange={() => setShape(s)} className="size-4" />
                    {t(`size.${s}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor="ai-side" className="text-sm font-medium text-ink-900">
                {t("side")}
              </label>
              <input
                id="ai-side"
                type="number"
                min={MIN_STUDIO_SIDE}
                max={MAX_STUDIO_SIDE}
                step={1}
                value={side}
                onChange={(e) => setSide(e.target.value)}
                onKeyDown={noSubmit}
                aria-describedby="ai-side-hint"
                className="mt-1 block w-32 rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm"
              />
              <p id="ai-side-hint" className="mt-1 text-xs text-ink-600">
                {t("sideHint", { min: MIN_STUDIO_SIDE, max: MAX_STUDIO_SIDE })}
              </p>
            </div>
          </div>
          <div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={sequential}
                disabled={!engine?.sequentialMode}
                onChange={(e) => setSequential(e.target.checked)}
                aria-describedby={engine && !engine.sequentialMode ? "ai-sequential-unused" : undefined}
                className="size-4"
              />
              {t("sequential")}
            </label>
            {engine && !engine.sequentialMode && (
              <p id="ai-sequential-unused" className="mt-1 text-xs text-ink-600">
                {t("sequentialUnused")}
              </p>
            )}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={watermark} onChange={(e) => setWatermark(e.target.checked)} className="size-4" />
            {t("watermark")}
          </label>
        </div>

        <div>
          <button type="button" onClick={start} disabled={starting || uploading} className="btn-primary px-6 py-2.5">
            {starting ? t("starting") : t("start")}
          </button>
          {problem && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {problem}
            </p>
          )}
          {notice && (
            <p role="status" className="mt-2 text-sm text-amber-900">
              {notice}
            </p>
          )}
        </div>

        {loaded === "loading" && (
          <p role="status" className="text-sm text-ink-700">
            {t("loading")}
          </p>
        )}
        {typeof loaded === "object" && (
          <div role="alert" className="text-sm text-red-700">
            <p>{t("loadFailed", { reason: reasonOf(loaded.failed, t("genericFailure")) })}</p>
            <button type="button" className={`${small} mt-2 text-ink-900`} onClick={() => load()}>
              {t("retry")}
            </button>
          </div>
        )}
        {jobs.length > 0 && (
          <div>
            <h3 className="text-base font-semibold">{t(productId === null ? "jobsNew" : "jobs")}</h3>
            <ol className="mt-2 space-y-4">
              {jobs.map((job) => (
                <li key={job.jobId}>
                  <JobCard
                    job={job}
                    t={t}
                    language={language}
                    photoKeys={photoKeys}
                    onAdd={onAdd}
                    onChange={(next) => setJobs((list) => list.map((j) => (j.jobId === next.jobId ? next : j)))}
                  />
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * What a finished job made, in the admin's language, from its results (the job's own summary is
 * the engine's English line, kept for the API and the logs).
 */
function madeText(job: EnhanceStatus, t: Tr): string {
  if (job.engine === "remote") return t("made.remote", { n: job.results.length, total: job.progress.total });
  const studio = job.results.filter((r) => r.view === "studio");
  const parts = [t("made.studio", { n: studio.length })];
  const closeUp = job.results.find((r) => r.view === "details");
  if (closeUp?.sourceIndex != null) parts.push(t("made.closeUp", { n: closeUp.sourceIndex + 1 }));
  else if (studio.length > 0) parts.push(t("made.noCloseUp"));
  const found = new Set(studio.map((r) => r.sourceIndex));
  const missed = job.sources.map((_, i) => i).filter((i) => !found.has(i));
  if (missed.length > 0) parts.push(t("made.noHat", { list: missed.map((i) => i + 1).join(", ") }));
  parts.push(t("made.localLimit"));
  return parts.join("; ");
}

/** One job: polled every 3 s until it ends, then its photos (SPEC 4). */
function JobCard(props: {
  job: EnhanceStatus;
  t: Tr;
  language: Locale;
  photoKeys: string[];
  onAdd: (key: string) => void;
  onChange: (job: EnhanceStatus) => void;
}) {
  const { job, t, language: locale, onChange } = props;
  const [problem, setProblem] = useState<string | null>(null);
  // The studio photo compared with its source, below the job's photos at the panel's width.
  const [comparing, setComparing] = useState<number | null>(null);
  const compared = job.results.find((r) => r.id === comparing);
  const comparedSource = compared ? job.sources[compared.sourceIndex ?? 0] : undefined;
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (isDone(job.status)) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const next = await api(`/api/ai/enhance-product-images?jobId=${encodeURIComponent(job.jobId)}`, { answer: enhanceStatusSchema });
        if (stopped) return;
        setProblem(null);
        latest.current(next);
        return;
      } catch (error) {
        if (stopped) return;
        setProblem(error instanceof ApiError && error.status >= 500 ? t("statusFailed") : reasonOf(error, t("genericFailure")));
        if (error instanceof ApiError && error.status === 404) return;
      }
      // Asked again after a failure: the next answer may be better.
      if (!stopped) latest.current({ ...job });
    }, POLL_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [job, t]);

  const statusTone =
    job.status === "COMPLETED"
      ? "bg-green-100 text-green-900"
      : job.status === "FAILED"
        ? "bg-red-100 text-red-900"
        : "bg-amber-100 text-amber-900";
  return (
    <article className="rounded-xl border border-sand-200 p-3" aria-label={t("job", { date: consoleDate(job.createdAt, locale) })}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone}`}>{t(`status.${job.status}`)}</span>
        <span className="text-ink-700">{consoleDate(job.createdAt, locale)}</span>
        {!isDone(job.status) && (
          <span role="status" className="text-ink-900">
            {job.status === "PROCESSING" && job.progress.total > 0
              ? t("progress", { done: Math.min(job.progress.done + 1, job.progress.total), total: job.progress.total })
              : t("progressStarting")}
          </span>
        )}
      </div>
      {job.engine && (
        <p className="mt-1 text-xs text-ink-700">
          {t("engine", { name: t(`engine.${job.engine}`) })}
          {job.status === "COMPLETED" ? ` — ${madeText(job, t)}` : ""}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {job.status === "FAILED" && job.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {job.error}
        </p>
      )}
      {job.status === "COMPLETED" && job.results.length === 0 && <p className="mt-2 text-sm text-ink-800">{t("noImages")}</p>}
      {job.status === "COMPLETED" && job.results.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 xl:grid-cols-5">
          {job.results.map((result) => (
            <li key={result.id}>
              <ResultCard
                {...props}
                result={result}
                comparing={comparing === result.id}
                onCompare={() => setComparing(comparing === result.id ? null : result.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {compared && comparedSource && (
        <StudioComparison
          before={comparedSource}
          after={compared.pathname}
          view={t(`view.${compared.view}` as "view.side")}
          t={t}
          onClose={() => setComparing(null)}
        />
      )}
      {job.status === "COMPLETED" && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-ink-800">{t("prompt")}</summary>
          <p className="mt-1 text-ink-700">{job.prompt}</p>
        </details>
      )}
    </article>
  );
}

function ResultCard({
  job,
  result,
  t,
  photoKeys,
  onAdd,
  onChange,
  comparing,
  onCompare,
}: {
  job: EnhanceStatus;
  result: EnhanceStatus["results"][number];
  t: Tr;
  photoKeys: string[];
  onAdd: (key: string) => void;
  onChange: (job: EnhanceStatus) => void;
  comparing: boolean;
  onCompare: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const view = t(`view.${result.view}` as "view.side");
  const inProduct = photoKeys.includes(result.pathname);

  async function mark(state: "new" | "added" | "discarded") {
    setProblem(null);
    try {
      const answer = await api(`/api/ai/enhance-product-images/results/${result.id}`, {
        method: "POST",
        body: { state },
        answer: studioResultAnswer,
      });
      onChange({ ...job, results: job.results.map((r) => (r.id === result.id ? { ...r, state: answer.state } : r)) });
    } catch (error) {
      setProblem(reasonOf(error, t("genericFailure")));
    }
  }

  const discarded = result.state === "discarded";
  return (
    <figure className={`rounded-lg border p-2 ${discarded ? "border-dashed border-sand-300 bg-sand-50" : "border-sand-200"}`}>
      <img
        src={photoSrc(result.pathname, 640)}
        alt={t("result", { view })}
        width={320}
        height={320}
        className="aspect-square w-full rounded object-cover"
      />
      <figcaption className="mt-1 text-sm font-medium">{view}</figcaption>
      {inProduct && <p className="text-xs text-green-800">{t("added")}</p>}
      {discarded && <p className="text-xs text-ink-700">{t("discarded")}</p>}
      <div className="mt-2 flex flex-wrap gap-1.5">
        {!discarded && !inProduct && (
          <button
            type="button"
            className={small}
            aria-label={t("addLabel", { view })}
            onClick={() => {
              onAdd(result.pathname);
              void mark("added");
            }}
          >
            {t("add")}
          </button>
        )}
        <button type="button" className={small} aria-pressed={comparing} aria-label={t("compareLabel", { view })} onClick={onCompare}>
          {t("compare")}
        </button>
        {discarded ? (
          <button type="button" className={small} onClick={() => void mark("new")}>
            {t("restore")}
          </button>
        ) : (
          !inProduct && (
            <button
              type="button"
              className={`${small} text-red-800`}
              aria-label={t("discardLabel", { view })}
              onClick={() => void mark("discarded")}
            >
              {t("discard")}
            </button>
          )
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </figure>
  );
}
