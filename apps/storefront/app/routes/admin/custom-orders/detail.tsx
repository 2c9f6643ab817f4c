import { randomUUID } from "node:crypto";
import {
  changeCustomOrderStatus,
  contactCustomer,
  customOrderDetail,
  customOrderId,
  defaultSubject,
  saveAdminNotes,
} from "@workshop/api/custom-orders/staff-work.ts";
import { isCustomOrderStatus } from "@workshop/api/custom-orders/status.ts";
import { AppError } from "@workshop/api/errors.ts";
import { requireStaffForm, requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { formText } from "@workshop/domain/form-text.ts";
import { adminNotesMax } from "@workshop/domain/validation/custom-order.ts";
import type { FieldErrors } from "@workshop/domain/validation/fields.ts";
import type { ReplyField } from "@workshop/domain/validation/reply.ts";
import { TextField } from "@workshop/ui/TextField.tsx";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { AuditTrail } from "#app/components/admin/AuditChange.tsx";
import { CustomOrderStatusBadge } from "#app/components/admin/CustomOrderStatusBadge.tsx";
import { Banner, field as fieldClass, Rows, Section } from "#app/components/admin/RecordParts.tsx";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { adminCustomOrders } from "#app/i18n/admin-custom-orders.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/detail";

const notFound = () => data({ error: "Custom order not found", code: "not-found" }, { status: 404 });

const notices = ["status", "notes", "notes-same", "sent", "duplicate"] as const;

/** The list's query the page was opened from (?back=status=NEW&page=2), kept for Back to Custom Orders. */
function backOf(value: string | null): string {
  const back = (value ?? "").replace(/^\?/, "").slice(0, 200);
  return /^[\w\-.~%&=+,:]*$/.test(back) ? back : "";
}

function here(id: number, back: string, extra: Record<string, string> = {}, hash = ""): string {
  const query = new URLSearchParams(extra);
  if (back) query.set("back", back);
  const text = query.toString();
  return `/admin/custom-orders/${id}${text ? `?${text}` : ""}${hash}`;
}

/** A custom request for staff (SPEC 2.11): what the customer asked for, their photos, and what staff do with it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const id = customOrderId(params.id);
  if (id === null) throw notFound();
  const detail = await customOrderDetail(id);
  if (!detail) throw notFound();
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const doneStatus = url.searchParams.get("status");
  return {
    ...detail,
    // One per contact form shown: the e-mail's dedupe key, so a double submit sends one mail.
    nonce: randomUUID(),
    notice: notices.find((n) => n === done) ?? null,
    noticeStatus: isCustomOrderStatus(doneStatus) ? doneStatus : null,
    defaultSubject: defaultSubject(id, detail.request.locale),
    back: backOf(url.searchParams.get("back")),
  };
}

type Intent = "status" | "notes" | "contact";
export type ActionFailure =
  | { intent: "status" | "notes"; code: string; fields?: { notes?: string } }
  | { intent: "contact"; errors: FieldErrors<ReplyField>; values: { subject: string; text: string } };

/** Update Status, Save Notes, Contact Customer; each answers with a redirect back here, or the form's message. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const { actor } = await requireStaffForm(request, form);
  const id = customOrderId(params.id);
  if (id === null) throw notFound();
  const back = backOf(formText(form, "back"));
  const intent = formText(form, "intent") as Intent;
  try {
    switch (intent) {
      case "status": {
        const status = await changeCustomOrderStatus(id, formText(form, "next"), formText(form, "expected"), actor);
        return redirect(here(id, back, { done: "status", status }, "#status"));
      }
      case "notes": {
        const { changed } = await saveAdminNotes(id, formText(form, "notes"), formText(form, "version"), actor);
        return redirect(here(id, back, { done: changed ? "notes" : "notes-same" }, "#notes"));
      }
      case "contact": {
        const values = { subject: formText(form, "subject"), text: formText(form, "text") };
        const result = await contactCustomer(id, { ...values, nonce: formText(form, "nonce") }, actor);
        if (!result.ok) return data<ActionFailure>({ intent, errors: result.errors, values }, { status: 400 });
        return redirect(here(id, back, { done: result.queued ? "sent" : "duplicate" }, "#mails"));
      }
      default:
        return data<ActionFailure>({ intent: "status", code: "unknown-status" }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.kind === "not_found") throw notFound();
    const code = (error.details as { code?: unknown } | undefined)?.code;
    const failure: ActionFailure = {
      intent: intent === "notes" ? "notes" : "status",
      code: typeof code === "string" ? code : "failed",
      ...(intent === "notes" ? { fields: { notes: formText(form, "notes") } } : {}),
    };
    return data<ActionFailure>(failure, { status: error.status });
  }
}

/** A refused change (409: someone else changed the request) shows the request as it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export default function CustomOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(adminCustomOrders);
  const locale = useLocale();
  const navigation = useNavigation();
  const { request: r, blank, moves, mails, audit, nonce, notice, noticeStatus, back } = loaderData;
  /** A field the customer left blank: SPEC 3's default, in the admin's words, marked as such. */
  const shown = (key: keyof typeof blank, value: string, fallback: string) =>
    blank[key] ? <span className="text-ink-600">{fallback}</span> : value;
  const failure = actionData as ActionFailure | undefined;
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const statusName = (s: string) => (isCustomOrderStatus(s) ? t(`status.${s}`) : s);
  const number = `#C${r.id}`;
  const language = r.locale === "ru" ? "ru" : "en";
  const refusal = (code: string) => {
    const key = `refusal.${code}`;
    return key in adminCustomOrders.en ? t(key as keyof typeof adminCustomOrders.en) : t("refusal.failed");
  };
  const statusFailure = failure?.intent === "status" ? failure : null;
  const notesFailure = failure?.intent === "notes" ? failure : null;
  const contactFailure = failure?.intent === "contact" ? failure : null;
  const contactError = (name: ReplyField) => {
    const code = contactFailure?.errors[name];
    return code ? t(`error.${code}`) : undefined;
  };
  const self = here(r.id, back);

  return (
    <article>
      <title>{t("detail.title", { number })}</title>
      <p>
        <a href={`/admin/custom-orders${back ? `?${back}` : ""}`} className="text-sm underline underline-offset-4">
          ← {t("back")}
        </a>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold">{t("detail.title", { number })}</h1>
        <CustomOrderStatusBadge status={r.status} label={statusName(r.status)} />
      </div>
      <p className="mt-3">
        <a href={`/admin/custom-orders/${r.id}/quote`} className="btn-secondary px-4 py-2">
          {t("detail.quotes")}
        </a>
      </p>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Section id="request" title={t("section.request")}>
          <Rows
            rows={[
              [t("field.number"), number],
              [t("field.date"), adminDate(r.submissionDate, locale)],
              [t("field.status"), statusName(r.status)],
              [t("field.language"), t(`language.${language}`)],
            ]}
          />
        </Section>

        <Section id="customer" title={t("section.customer")}>
          <Rows
            rows={[
              [t("field.name"), r.name],
              [
                t("field.email"),
                <a key="e" href={`mailto:${r.email}`} className="underline underline-offset-4">
                  {r.email}
                </a>,
              ],
              [t("field.phone"), shown("phone", r.phone, t("default.phone"))],
            ]}
          />
        </Section>

        <Section id="hat" title={t("section.hat")}>
          <Rows
            rows={[
              [t("field.hatType"), r.hatType],
              [t("field.materials"), shown("materials", r.materials, t("default.toDiscuss"))],
              [t("field.colors"), shown("colors", r.colors, t("default.toDiscuss"))],
              [t("field.size"), shown("size", r.size, t("default.size"))],
              [
                t("field.budget"),
                <span key="b" className={blank.budget ? "text-ink-600" : undefined}>
                  {t("field.budgetRange", { min: `$${r.budgetMin}`, max: `$${r.budgetMax}` })}
                  {blank.budget && ` (${t("default.budget")})`}
                  {r.budget && <span className="block text-xs text-ink-600">{t("field.budgetAsTyped", { budget: r.budget })}</span>}
                </span>,
              ],
              [t("field.timeline"), shown("timeline", r.timeline, t("default.timeline"))],
            ]}
          />
          <h3 className="mt-4 text-sm font-semibold">{t("field.description")}</h3>
          <p className="mt-1 whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{r.description}</p>
        </Section>

        <Section id="photos" title={t("section.photos")}>
          {r.referenceImages.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("photos.none")}</p>
          ) : (
            <>
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {r.referenceImages.map((link, i) => {
                  const n = i + 1;
                  const count = r.referenceImages.length;
                  return (
                    <li key={link}>
                      {/* A plain link to the full photo: it opens large with or without JavaScript. */}
                      <a
                        href={link}
                        target="_blank"
                        rel="noopener"
                        aria-label={t("photos.open", { n, count })}
                        className="block overflow-hidden rounded-lg border border-sand-200 hover:border-ink-900"
                      >
                        <img
                          src={link}
                          alt={t("photos.alt", { n, count })}
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
        </Section>

        <Section id="notes" title={t("section.notes")}>
          {notice === "notes" && <Banner kind="success">{t("done.notes")}</Banner>}
          {notice === "notes-same" && <Banner kind="success">{t("done.notesSame")}</Banner>}
          {notesFailure && <Banner kind="error">{refusal(notesFailure.code)}</Banner>}
          {/* A new form after each save (its version changes): the text area starts from the saved notes. */}
          <Form key={r.notesVersion} method="post" action={self} className="mt-3 space-y-2">
            <TokenField />
            <input type="hidden" name="intent" value="notes" />
            <input type="hidden" name="version" value={r.notesVersion} />
            {back && <input type="hidden" name="back" value={back} />}
            <label className="block text-sm font-medium">
              <span className="sr-only">{t("notes.label")}</span>
              <span className="block text-xs font-normal text-ink-600">{t("notes.hint")}</span>
              <textarea
                name="notes"
                rows={6}
                maxLength={adminNotesMax}
                defaultValue={notesFailure?.fields?.notes ?? r.adminNotes}
                className={fieldClass}
              />
            </label>
            <button type="submit" className="btn-primary" disabled={busy("notes")}>
              {busy("notes") ? t("notes.saving") : t("notes.save")}
            </button>
          </Form>
          {notesFailure?.code === "stale-notes" && (
            <div className="mt-3 rounded-lg bg-sand-50 p-3 text-sm">
              <h3 className="font-medium">{t("notes.theirs")}</h3>
              <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{r.adminNotes}</p>
            </div>
          )}
        </Section>

        <Section id="status" title={t("section.status")}>
          {notice === "status" && noticeStatus && <Banner kind="success">{t("done.status", { status: statusName(noticeStatus) })}</Banner>}
          {statusFailure && <Banner kind="error">{refusal(statusFailure.code)}</Banner>}
          <p className="mt-3 text-sm">{t("status.current", { status: statusName(r.status) })}</p>
          {moves.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("status.noMoves", { status: statusName(r.status) })}</p>
          ) : (
            <Form
              method="post"
              action={self}
              className="mt-3 space-y-3"
              onSubmit={(event) => {
                const next = (event.currentTarget.elements.namedItem("next") as HTMLSelectElement | null)?.value;
                if (next === "CANCELLED" && !window.confirm(t("js.confirmCancel"))) event.preventDefault();
              }}
            >
              <TokenField />
              <input type="hidden" name="intent" value="status" />
              {/* The status this form was shown for: if it changed meanwhile, nothing is done. */}
              <input type="hidden" name="expected" value={r.status} />
              {back && <input type="hidden" name="back" value={back} />}
              <label className="block text-sm font-medium">
                {t("status.next")}
                <select key={r.status} name="next" defaultValue={moves[0]} className={fieldClass}>
                  {moves.map((m) => (
                    <option key={m} value={m}>
                      {statusName(m)}
                    </option>
                  ))}
                </select>
              </label>
              {moves.includes("CANCELLED") && <p className="text-xs text-ink-600">{t("status.cancelHint")}</p>}
              <button type="submit" className="btn-primary" disabled={busy("status")}>
                {t("status.submit")}
              </button>
            </Form>
          )}
        </Section>

        <Section id="contact" title={t("section.contact")} className="lg:col-span-2">
          <p className="mt-1 text-sm text-ink-600">{t(`contact.note.${language}`, { email: r.email })}</p>
          {contactError("nonce") && <Banner kind="error">{t("error.expired")}</Banner>}
          {/* A new form (new nonce) after each e-mail sent: its fields start empty again. */}
          <Form key={nonce} method="post" action={self} className="mt-3 space-y-3">
            <TokenField />
            <input type="hidden" name="intent" value="contact" />
            <input type="hidden" name="nonce" value={nonce} />
            {back && <input type="hidden" name="back" value={back} />}
            <TextField
              name="subject"
              label={t("contact.subject")}
              hint={t("contact.subjectHint", { subject: loaderData.defaultSubject })}
              required={false}
              maxLength={250}
              defaultValue={contactFailure?.values.subject}
              error={contactError("subject")}
            />
            <TextField
              name="text"
              label={t("contact.text")}
              multiline
              maxLength={10_000}
              defaultValue={contactFailure?.values.text}
              error={contactError("text")}
            />
            <button type="submit" className="btn-primary" disabled={busy("contact")}>
              {busy("contact") ? t("contact.sending") : t("contact.send")}
            </button>
          </Form>
        </Section>

        <Section id="mails" title={t("section.mails")} className="lg:col-span-2">
          {notice === "sent" && <Banner kind="success">{t("done.sent", { email: r.email })}</Banner>}
          {notice === "duplicate" && <Banner kind="success">{t("done.duplicate")}</Banner>}
          {mails.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("mails.none")}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {mails.map((m) => {
                const kind = `mails.kind.${m.template}`;
                const state = `mailStatus.${m.status}`;
                return (
                  <li key={m.id} className="rounded-xl border border-sand-200 p-3">
                    <details className="group">
                      <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                        <span aria-hidden="true" className="mr-1.5 inline-block text-ink-600 transition group-open:rotate-90">
                          ▸
                        </span>
                        <span className="font-medium [overflow-wrap:anywhere]">{m.subject}</span>
                        <span className="mt-1 block text-sm text-ink-600 [overflow-wrap:anywhere]">
                          {kind in adminCustomOrders.en ? t(kind as keyof typeof adminCustomOrders.en) : m.template} ·{" "}
                          {adminDate(m.createdAt, locale)} · {t("mails.to", { email: m.to })} ·{" "}
                          <span className={m.status === "failed" ? "font-medium text-red-700" : "font-medium"} data-mail-status={m.status}>
                            {state in adminCustomOrders.en ? t(state as keyof typeof adminCustomOrders.en) : m.status}
                          </span>
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
                );
              })}
            </ul>
          )}
        </Section>

        <Section id="audit" title={t("section.audit")} className="lg:col-span-2">
          <AuditTrail entries={audit} empty={t("audit.none")} />
        </Section>
      </div>
    </article>
  );
}
