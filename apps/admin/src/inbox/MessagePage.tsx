import { type InboxMessageAnswer, inboxMessageAnswer } from "@workshop/domain/staff-api/inbox.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { inboxTexts } from "#admin/i18n/inbox.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { InboxStatePill } from "./InboxStatePill.tsx";
import { ReplyForm } from "./ReplyForm.tsx";

type Loaded = InboxMessageAnswer | { notFound: true };

/** The message with its replies; the API marks it read on this first opening, as the old page did. */
export async function loader({ request, params }: { request: Request; params: { id?: string } }): Promise<Loaded> {
  try {
    return await api(`/api/admin/inbox/${encodeURIComponent(params.id ?? "")}`, { answer: inboxMessageAnswer, signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { notFound: true };
    return signedOutRedirect(error);
  }
}

type Done = "sent" | "duplicate" | "handled" | "reopened";

const statuses = ["pending", "sending", "sent", "kept", "failed"] as const;
const isStatus = (status: string): status is (typeof statuses)[number] => (statuses as readonly string[]).includes(status);

/** A contact message: read it, answer it by e-mail, mark it handled or open again. */
export function Component() {
  const t = useT(inboxTexts);
  const locale = useLocale();
  const loaded = useLoaderData<Loaded>();
  const revalidator = useRevalidator();
  const [done, setDone] = useState<Done | null>(null);
  const [failed, setFailed] = useState(false);

  if ("notFound" in loaded)
    return (
      <section>
        <title>{t("title")}</title>
        <h1 className="text-2xl font-semibold">{t("notFound")}</h1>
        <Link to="/admin/inbox" className="btn-secondary mt-4">
          {t("back")}
        </Link>
      </section>
    );
  const { message, replies } = loaded;
  const language = message.locale === "ru" ? "ru" : "en";

  const setHandled = async (handled: boolean) => {
    setFailed(false);
    try {
      await api(`/api/admin/inbox/${message.id}`, { method: "PATCH", body: { handled }, answer: inboxMessageAnswer });
      setDone(handled ? "handled" : "reopened");
      await revalidator.revalidate();
    } catch (error) {
      // A session that is over: reloading the page's data takes the person to the sign-in page.
      if (error instanceof ApiError && error.status === 401) return void revalidator.revalidate();
      setFailed(true);
    }
  };
  const sent = async (queued: boolean) => {
    setDone(queued ? "sent" : "duplicate");
    await revalidator.revalidate();
  };

  return (
    <article className="mx-auto max-w-3xl">
      <title>{`${message.subject} — ${t("title")}`}</title>
      <Link to="/admin/inbox" className="text-sm font-medium underline underline-offset-4">
        ← {t("back")}
      </Link>

      {done && <Notice tone="done">{done === "sent" ? t("done.sent", { email: message.email }) : t(`done.${done}`)}</Notice>}
      {failed && <Notice tone="problem">{t("reply.failed")}</Notice>}

      <header className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-semibold">{message.subject}</h1>
        <InboxStatePill state={message.state} />
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
          <dd>{consoleDate(message.createdAt, locale)}</dd>
          <dt className="text-ink-600">{t("message.language")}</dt>
          <dd>{t(`lang.${language}`)}</dd>
        </dl>
        <h2 className="sr-only">{t("message.text")}</h2>
        <p className="mt-4 whitespace-pre-wrap break-words border-t border-sand-200 pt-4 text-base leading-relaxed">{message.message}</p>
      </section>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary px-4 py-2" onClick={() => void setHandled(message.handledAt === null)}>
          {t(message.handledAt ? "handled.reopen" : "handled.mark")}
        </button>
        {message.handledAt && (
          <p className="text-sm text-ink-600">{t("message.handledAt", { date: consoleDate(message.handledAt, locale) })}</p>
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
                      {consoleDate(reply.createdAt, locale)} · {t("replies.to", { email: reply.to })}
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

      <ReplyForm key={message.id} message={message} onSent={(queued) => void sent(queued)} />
    </article>
  );
}
