import { randomUUID } from "node:crypto";
import { AppError } from "@workshop/api/errors.ts";
import { markHandled, messageId, openMessage, replyToMessage } from "@workshop/api/messages/inbox.ts";
import { requireStaffForm, requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { formText } from "@workshop/domain/form-text.ts";
import type { FieldErrors } from "@workshop/domain/validation/fields.ts";
import type { ReplyField } from "@workshop/domain/validation/reply.ts";
import { TextField } from "@workshop/ui/TextField.tsx";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { InboxStateBadge } from "#app/components/admin/InboxStateBadge.tsx";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { adminInbox } from "#app/i18n/admin-inbox.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/message";

const notices = ["sent", "duplicate", "handled", "reopened"] as const;
type Notice = (typeof notices)[number];

const notFound = () => data(null, { status: 404 });

/** A contact message, opened (the first opening marks it read), with its replies and the reply form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor } = await requireStaffPage(request);
  const id = messageId(params.id);
  if (id === null) throw notFound();
  const opened = await openMessage(id, actor);
  if (!opened) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  return {
    ...opened,
    // One per reply form shown: the reply's dedupe key (lib/validation/reply.ts).
    nonce: randomUUID(),
    notice: notices.find((n) => n === done) ?? null,
  };
}

type ActionResult = { errors: FieldErrors<ReplyField>; values: { subject: string; text: string } } | { failed: true };

/** Reply, mark handled or reopen; each answers with a redirect back here (a reload sends nothing again). */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const { actor } = await requireStaffForm(request, form);
  const id = messageId(params.id);
  if (id === null) throw notFound();
  const back = (notice: Notice) => redirect(`/admin/inbox/${id}?done=${notice}`);
  const intent = form.get("intent");
  try {
    if (intent === "handled" || intent === "reopen") {
      await markHandled(id, intent === "handled", actor);
      return back(intent === "handled" ? "handled" : "reopened");
    }
    if (intent === "reply") {
      const values = { subject: formText(form, "subject"), text: formText(form, "text") };
      const result = await replyToMessage(id, { ...values, nonce: formText(form, "nonce") }, actor);
      if (!result.ok) return data<ActionResult>({ errors: result.errors, values }, { status: 400 });
      return back(result.queued ? "sent" : "duplicate");
    }
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw notFound();
    console.error(`inbox message ${id}: not changed`, error);
    return data<ActionResult>({ failed: true }, { status: 503 });
  }
  throw data(null, { status: 400 });
}

export default function AdminInboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(adminInbox);
  const locale = useLocale();
  const { message, replies, nonce, notice } = loaderData;
  const result = actionData as ActionResult | undefined;
  const errors = result && "errors" in result ? result.errors : {};
  const values = result && "values" in result ? result.values : undefined;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const error = (name: ReplyField) => {
    const code = errors[name];
    return code ? t(`error.${code}`) : undefined;
  };
  const language = message.locale === "ru" ? "ru" : "en";

  return (
    <article className="mx-auto max-w-3xl">
      <title>{`${message.subject} — ${t("title")}`}</title>
      <Link to="/admin/inbox" className="text-sm font-medium underline underline-offset-4">
        ← {t("back")}
      </Link>

      {notice && (
        <p role="status" className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-sm">
          {notice === "sent" ? t("done.sent", { email: message.email }) : t(`done.${notice}`)}
        </p>
      )}
      {result && "failed" in result && (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("reply.failed")}
        </p>
      )}

      <header className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-semibold">{message.subject}</h1>
        <InboxStateBadge message={message} />
      </header>

      <section className="mt-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-ink-600">{t("message.from")}</dt>
          <dd className="break-words">
            {message.name} &lt;
            <a href={`mailto:${message.email}`} className="underline underline-offset-4">
              {message.email}
            </a>
            &gt;
          </dd>
          <dt className="text-ink-600">{t("message.received")}</dt>
          <dd>{adminDate(message.createdAt, locale)}</dd>
          <dt className="text-ink-600">{t("message.language")}</dt>
          <dd>{t(`lang.${language}`)}</dd>
        </dl>
        <h2 className="sr-only">{t("message.text")}</h2>
        <p className="mt-4 whitespace-pre-wrap break-words border-t border-sand-200 pt-4 text-base leading-relaxed">{message.message}</p>
      </section>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Form method="post">
          <TokenField />
          <input type="hidden" name="intent" value={message.handledAt ? "reopen" : "handled"} />
          <button type="submit" className="btn-secondary px-4 py-2">
            {t(message.handledAt ? "handled.reopen" : "handled.mark")}
          </button>
        </Form>
        {message.handledAt && (
          <p className="text-sm text-ink-600">{t("message.handledAt", { date: adminDate(message.handledAt, locale) })}</p>
        )}
      </div>

      <section aria-labelledby="replies-title" className="mt-8">
        <h2 id="replies-title" className="text-xl font-semibold">
          {t("replies.title")}
        </h2>
        {replies.length === 0 ? (
          <p className="mt-2 text-sm text-ink-600">{t("replies.none")}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {replies.map((reply) => (
              <li key={reply.id} className="rounded-2xl border border-sand-200 bg-white p-4">
                <details className="group">
                  <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                    <span aria-hidden="true" className="mr-1.5 inline-block text-ink-600 transition group-open:rotate-90">
                      ▸
                    </span>
                    <span className="font-medium break-words">{reply.subject}</span>
                    <span className="mt-1 block text-sm text-ink-600">
                      {adminDate(reply.createdAt, locale)} · {t("replies.to", { email: reply.to })}
                      {reply.by && <> · {t("replies.by", { name: reply.by })}</>} ·{" "}
                      <span className={reply.status === "failed" ? "font-medium text-red-700" : "font-medium"}>
                        {isStatus(reply.status) ? t(`status.${reply.status}`) : reply.status}
                      </span>
                    </span>
                  </summary>
                  <pre className="mt-3 whitespace-pre-wrap break-words border-t border-sand-200 pt-3 font-sans text-sm leading-relaxed">
                    {reply.text}
                  </pre>
                  {reply.status === "failed" && reply.lastError && (
                    <p className="mt-2 break-words text-sm text-red-700">
                      {t("status.failed")}: {reply.lastError}
                    </p>
                  )}
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reply-title" className="mt-8 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
        <h2 id="reply-title" className="text-xl font-semibold">
          {t("reply.title")}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{t(`reply.note.${language}`, { email: message.email })}</p>
        {errors.nonce && (
          <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {t("error.expired")}
          </p>
        )}
        {/* A new form (new nonce) after each reply sent: its fields start empty again. */}
        <Form key={nonce} method="post" encType="multipart/form-data" className="mt-4 space-y-4">
          <TokenField />
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="nonce" value={nonce} />
          <TextField
            name="subject"
            label={t("reply.subject")}
            required={false}
            maxLength={250}
            defaultValue={values?.subject ?? `Re: ${message.subject}`}
            error={error("subject")}
          />
          <TextField name="text" label={t("reply.text")} multiline maxLength={10_000} defaultValue={values?.text} error={error("text")} />
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? t("reply.sending") : t("reply.send")}
          </button>
        </Form>
      </section>
    </article>
  );
}

const statuses = ["pending", "sending", "sent", "kept", "failed"] as const;
function isStatus(status: string): status is (typeof statuses)[number] {
  return (statuses as readonly string[]).includes(status);
}
