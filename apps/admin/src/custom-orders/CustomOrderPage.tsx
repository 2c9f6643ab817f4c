import { timelineText } from "@workshop/domain/custom-timeline.ts";
import { type CustomOrderAnswer, type CustomOrderStatus, customOrderAnswer } from "@workshop/domain/staff-api/custom-orders.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { useCallback, useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { ApiError, api, apiBase } from "#admin/api/client.ts";
import { RecordChanges } from "#admin/audit/RecordChanges.tsx";
import { consoleDate } from "#admin/dates.ts";
import { useUnsavedChanges } from "#admin/forms/use-unsaved-changes.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { useStatusLabel } from "#admin/orders/status-label.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { ContactForm } from "./ContactForm.tsx";
import { CustomOrderStatusPill } from "./CustomOrderStatusPill.tsx";
import { refusalCode } from "./forms.ts";
import { NotesForm } from "./NotesForm.tsx";
import { useCustomOrderNames } from "./names.ts";
import { StatusForm } from "./StatusForm.tsx";

type Loaded = CustomOrderAnswer | { notFound: true };

export async function loader({ request, params }: { request: Request; params: { id?: string } }): Promise<Loaded> {
  try {
    return await api(`/api/admin/custom-orders/${encodeURIComponent(params.id ?? "")}`, {
      answer: customOrderAnswer,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { notFound: true };
    return signedOutRedirect(error);
  }
}

const mailKinds = ["custom-order-message", "custom-order-received", "shop-custom-order", "custom-quote"] as const;
const oneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** Labelled values, a row each. */
function Rows({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-600">{label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ id, title, children, wide }: { id: string; title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl border border-sand-200 bg-white p-4 sm:p-6 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Done = { key: "status"; status: CustomOrderStatus } | { key: "sent" | "duplicate" };

/** A custom request for staff: what the customer asked for, their photos, and what staff do with it. */
export function Component() {
  const t = useT(customOrderTexts);
  const locale = useLocale();
  const names = useCustomOrderNames();
  const label = useStatusLabel();
  const loaded = useLoaderData<Loaded>();
  const revalidator = useRevalidator();
  const [done, setDone] = useState<Done | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dirty, setDirty] = useState({ notes: false, contact: false });
  const notesDirty = useCallback((notes: boolean) => setDirty((d) => (d.notes === notes ? d : { ...d, notes })), []);
  const contactDirty = useCallback((contact: boolean) => setDirty((d) => (d.contact === contact ? d : { ...d, contact })), []);
  useUnsavedChanges(dirty.notes || dirty.contact, t("unsaved"));

  if ("notFound" in loaded)
    return (
      <section>
        <title>{t("title")}</title>
        <h1 className="text-2xl font-semibold">{t("notFound")}</h1>
        <Link to="/admin/custom-orders" className="btn-secondary mt-4">
          {t("back")}
        </Link>
      </section>
    );
  const { request: r, mails } = loaded;
  const number = `#C${r.id}`;
  const reload = async () => void (await revalidator.revalidate());
  const blank = (value: string, fallback: string) => (value.trim() ? value : <span className="text-ink-600">{fallback}</span>);

  const move = async (next: CustomOrderStatus) => {
    setDone(null);
    setRefusal(null);
    try {
      await api(`/api/admin/custom-orders/${r.id}/status`, {
        method: "PATCH",
        body: { next, expected: r.status },
        answer: customOrderAnswer,
      });
      setDone({ key: "status", status: next });
    } catch (error) {
      const code = refusalCode(error);
      if (!(error instanceof ApiError && error.status === 401))
        setRefusal(code === "stale" || code === "move-not-allowed" || code === "unknown-status" ? code : "failed");
    }
    await reload();
  };

  return (
    <article>
      <title>{t("detail.title", { number })}</title>
      <Link to="/admin/custom-orders" className="text-sm font-medium underline underline-offset-4">
        ← {t("back")}
      </Link>
      <header className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("detail.title", { number })}</h1>
        <CustomOrderStatusPill status={r.status} />
      </header>
      <p className="mt-3">
        <Link to={`/admin/custom-orders/${r.id}/quote`} className="btn-secondary px-4 py-2">
          {t("detail.quotes")}
        </Link>
      </p>
      {done?.key === "status" && <Notice tone="done">{t("done.status", { status: names.status(done.status) })}</Notice>}
      {done && done.key !== "status" && (
        <Notice tone="done">{done.key === "sent" ? t("done.sent", { email: r.email }) : t("done.duplicate")}</Notice>
      )}
      {refusal && <Notice tone="problem">{t(`refusal.${refusal as "failed"}`)}</Notice>}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card id="request" title={t("section.request")}>
          <Rows
            rows={[
              [t("field.number"), number],
              [t("field.date"), consoleDate(r.createdAt, locale)],
              [t("field.status"), names.status(r.status)],
              [t("field.language"), t(`language.${r.locale}`)],
            ]}
          />
        </Card>

        <Card id="customer" title={t("section.customer")}>
          <Rows
            rows={[
              [t("field.name"), r.name],
              [
                t("field.email"),
                <a key="e" href={`mailto:${r.email}`} className="underline underline-offset-4">
                  {r.email}
                </a>,
              ],
              [t("field.phone"), blank(r.phone, t("default.phone"))],
            ]}
          />
        </Card>

        <Card id="hat" title={t("section.hat")}>
          <Rows
            rows={[
              [t("field.hatType"), names.hatType(r.hatType)],
              [t("field.materials"), r.material ? names.material(r.material) : blank("", t("default.toDiscuss"))],
              [t("field.colors"), blank(r.color, t("default.toDiscuss"))],
              [t("field.size"), blank(r.size, t("default.size"))],
              [
                t("field.budget"),
                r.budgetMin !== null && r.budgetMax !== null ? (
                  t("field.budgetRange", { min: `$${r.budgetMin}`, max: `$${r.budgetMax}` })
                ) : (
                  <span key="b" className="text-ink-600">
                    {t("default.budget")}
                    {r.budget && ` (${t("field.budgetAsTyped", { budget: r.budget })})`}
                  </span>
                ),
              ],
              [t("field.timeline"), blank(timelineText(r.timeline, locale), t("default.timeline"))],
            ]}
          />
          <h3 className="mt-4 text-sm font-semibold">{t("field.description")}</h3>
          <p className="mt-1 whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{r.details}</p>
        </Card>

        <Card id="photos" title={t("section.photos")}>
          {r.photos.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("photos.none")}</p>
          ) : (
            <>
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {r.photos.map((link, i) => {
                  const at = { n: i + 1, count: r.photos.length };
                  return (
                    <li key={link}>
                      <a
                        href={`${apiBase()}${link}`}
                        target="_blank"
                        rel="noopener"
                        aria-label={t("photos.open", at)}
                        className="block overflow-hidden rounded-lg border border-sand-200 hover:border-ink-900"
                      >
                        <img
                          src={`${apiBase()}${link}`}
                          alt={t("photos.alt", at)}
                          loading="lazy"
                          width={160}
                          height={160}
                          className="aspect-square h-auto w-full bg-sand-100 object-cover"
                        />
                      </a>
                    </li>
                  );
                })}
              </ul>
              <p className="mt-2 text-xs text-ink-600">{t("photos.hint")}</p>
            </>
          )}
        </Card>

        <Card id="status" title={t("section.status")}>
          <StatusForm status={r.status} moves={loaded.moves} onMove={move} />
        </Card>

        <NotesForm key={r.id} request={r} onSaved={reload} onDirty={notesDirty} />

        <div className="lg:col-span-2">
          <ContactForm
            key={r.id}
            data={loaded}
            onDirty={contactDirty}
            onSent={async (queued) => {
              setDone({ key: queued ? "sent" : "duplicate" });
              await reload();
            }}
          />
        </div>

        <Card id="mails" title={t("section.mails")} wide>
          {mails.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("mails.none")}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {mails.map((m) => (
                <li key={m.id} className="rounded-xl border border-sand-200 p-3">
                  <details className="group">
                    <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                      <span aria-hidden="true" className="mr-1.5 inline-block text-ink-600 transition group-open:rotate-90">
                        ▸
                      </span>
                      <span className="font-medium [overflow-wrap:anywhere]">{m.subject}</span>
                      <span className="mt-1 block text-sm text-ink-600 [overflow-wrap:anywhere]">
                        {oneOf(mailKinds, m.template) ? t(`mails.kind.${m.template}`) : m.template} · {consoleDate(m.createdAt, locale)} ·{" "}
                        {t("mails.to", { email: m.to })} ·{" "}
                        <span className={m.status === "failed" ? "font-medium text-red-700" : "font-medium"}>{label.mail(m.status)}</span>
                      </span>
                    </summary>
                    <pre className="mt-3 whitespace-pre-wrap border-t border-sand-200 pt-3 font-sans text-sm leading-relaxed [overflow-wrap:anywhere]">
                      {m.text}
                    </pre>
                    {m.status === "failed" && m.lastError && (
                      <p className="mt-2 text-sm text-red-700 [overflow-wrap:anywhere]">{m.lastError}</p>
                    )}
                  </details>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card id="changes" title={t("section.audit")} wide>
          <RecordChanges changes={loaded.changes} empty={t("audit.none")} />
        </Card>
      </div>
    </article>
  );
}
