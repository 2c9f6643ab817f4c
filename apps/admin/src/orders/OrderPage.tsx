import { actorName } from "@workshop/domain/actor-names.ts";
import { formatAmount, formatIdr, formatRate, formatUsd } from "@workshop/domain/money.ts";
import { historyLine } from "@workshop/domain/order-history.ts";
import { countryName, deliveryOptionName } from "@workshop/domain/order-names.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { type MakingStagesAnswer, makingStagesAnswer } from "@workshop/domain/staff-api/making.ts";
import {
  type OrderDetailAnswer,
  type OrderRefundsAnswer,
  orderDetailAnswer,
  orderRefundsAnswer,
} from "@workshop/domain/staff-api/order.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { statusTone } from "@workshop/ui/order-status-tone.ts";
import { Price } from "@workshop/ui/Price.tsx";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { useCallback, useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { RecordChanges } from "#admin/audit/RecordChanges.tsx";
import { consoleDate, consoleDayOf } from "#admin/dates.ts";
import { useUnsavedChanges } from "#admin/forms/use-unsaved-changes.ts";
import { makingTexts } from "#admin/i18n/making.ts";
import { orderTexts } from "#admin/i18n/order.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { MakingPanel } from "#admin/making/MakingPanel.tsx";
import { loadSession, signedOutRedirect } from "#admin/session/session.ts";
import { BalanceLink } from "./BalanceLink.tsx";
import { mailKind } from "./mail-kind.ts";
import { EmailForm, MarkPaid, NoteForm, StatusForm } from "./OrderActions.tsx";
import { RefundPanel } from "./RefundPanel.tsx";
import { RefundPills } from "./RefundPills.tsx";
import { RefundsList } from "./RefundsList.tsx";
import { ReturnPanel } from "./ReturnPanel.tsx";
import { useStatusLabel } from "./status-label.ts";

type Loaded =
  | { detail: OrderDetailAnswer; refunds: OrderRefundsAnswer | null; stages: MakingStagesAnswer["stages"] | null }
  | { notFound: true };

/**
 * The order; for an owner also its payments' refund state (the payments' own endpoint, owners
 * only); the making's stage list when its ready hat may be sent for adjusting (where it starts).
 */
export async function loader({ request, params }: { request: Request; params: { id?: string } }): Promise<Loaded> {
  const id = encodeURIComponent(params.id ?? "");
  try {
    const session = await loadSession();
    const [detail, refunds] = await Promise.all([
      api(`/api/admin/orders/${id}`, { answer: orderDetailAnswer, signal: request.signal }),
      session?.staff.role === "owner" ? api(`/api/orders/${id}/refunds`, { answer: orderRefundsAnswer, signal: request.signal }) : null,
    ]);
    const stages = detail.can.adjust
      ? (await api("/api/admin/making/stages", { answer: makingStagesAnswer, signal: request.signal })).stages
      : null;
    return { detail, refunds, stages };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { notFound: true };
    return signedOutRedirect(error);
  }
}

type T = ReturnType<typeof useT<keyof typeof orderTexts.en>>;

const flagKinds = [
  "paid-after-cancel",
  "paid-twice",
  "amount-mismatch",
  "currency-mismatch",
  "reference-mismatch",
  "order-missing",
  "other",
] as const;
function flagText(t: T, kind: string | null): string {
  return t(`flag.${flagKinds.find((k) => k === kind) ?? "other"}`);
}

function Card({ id, title, children, wide = false }: { id: string; title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`min-w-0 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-600">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One order for staff: what was ordered, by whom, paid how, its history and notes, and what to do next. */
export function Component() {
  const t = useT(orderTexts);
  const makingT = useT(makingTexts);
  const locale = useLocale();
  const loaded = useLoaderData<Loaded>();
  const revalidator = useRevalidator();
  const [done, setDone] = useState<string | null>(null);
  const label = useStatusLabel();
  // One question for the page's forms (a router holds one blocker): any of them with unsaved text asks.
  const [dirty, setDirty] = useState({ status: false, note: false, email: false, making: false });
  const dirtyOf = {
    status: useCallback((value: boolean) => setDirty((d) => ({ ...d, status: value })), []),
    note: useCallback((value: boolean) => setDirty((d) => ({ ...d, note: value })), []),
    email: useCallback((value: boolean) => setDirty((d) => ({ ...d, email: value })), []),
    making: useCallback((value: boolean) => setDirty((d) => ({ ...d, making: value })), []),
  };
  useUnsavedChanges(dirty.status || dirty.note || dirty.email || dirty.making, t("unsaved"));

  if ("notFound" in loaded)
    return (
      <section>
        <title>{t("notFound")}</title>
        <h1 className="text-2xl font-semibold">{t("notFound")}</h1>
        <p className="mt-2 text-ink-700">{t("notFoundText")}</p>
        <Link to="/admin/orders" className="btn-secondary mt-4">
          {t("back")}
        </Link>
      </section>
    );
  const { detail, refunds, stages } = loaded;
  const { order } = detail;
  const address = order.shippingAddress;
  const isCash = order.paymentMethod === "CASH_IN_STORE";
  const range = (w: { earliest: string; latest: string } | null) =>
    w ? t("field.range", { from: consoleDayOf(w.earliest, locale), to: consoleDayOf(w.latest, locale) }) : t("none");
  const parts = detail.parts;
  const after = async (text: string) => {
    setDone(text);
    await revalidator.revalidate();
  };

  return (
    <article>
      <title>{t("title", { number: order.orderNumber })}</title>
      <Link to="/admin/orders" className="text-sm font-medium underline underline-offset-4">
        ← {t("back")}
      </Link>
      <header className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-2xl font-semibold">{t("title", { number: order.orderNumber })}</h1>
        <StatusPill tone={statusTone("status", order.status)} label={label.status(order.status)} />
        <StatusPill tone={statusTone("payment", order.paymentStatus)} label={label.payment(order.paymentStatus)} />
        <RefundPills refundState={order.refundState} returnedAt={order.returnedAt} />
      </header>
      {done && <Notice tone="done">{done}</Notice>}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card id="order" title={t("section.order")}>
          <Rows
            rows={[
              [t("field.created"), consoleDate(order.createdAt, locale)],
              [t("field.updated"), consoleDate(order.updatedAt, locale)],
              [t("field.status"), label.status(order.status)],
              [t("field.paymentStatus"), label.payment(order.paymentStatus)],
              [t("field.total"), <Price key="total" usdCents={order.totalCents} idr={order.totalIdr} />],
              [t("field.language"), t(order.locale === "ru" ? "language.ru" : "language.en")],
            ]}
          />
          {detail.can.markPaid && <MarkPaid order={order} onDone={() => void after(t("done.marked-paid"))} />}
        </Card>

        <Card id="customer" title={t("section.customer")}>
          <Rows
            rows={[
              [t("field.name"), address.fullName],
              [
                t("field.email"),
                <a key="e" href={`mailto:${address.email}`} className="underline underline-offset-4">
                  {address.email}
                </a>,
              ],
              [
                t("field.phone"),
                <a key="p" href={`tel:${address.phone.replace(/[^\d+]/g, "")}`} className="underline underline-offset-4">
                  {address.phone}
                </a>,
              ],
              [
                t("field.address"),
                <span key="a" className="whitespace-pre-line">
                  {[
                    address.addressLine1,
                    address.addressLine2,
                    [address.city, address.state, address.postalCode].filter(Boolean).join(", "),
                    countryName(address.country, locale),
                  ]
                    .filter(Boolean)
                    .join("\n")}
                </span>,
              ],
            ]}
          />
        </Card>

        <Card id="hat" title={t("section.hat")}>
          <Rows
            rows={[
              [t("field.hat"), order.productName],
              [t("field.size"), order.size === null ? t("none") : t("field.sizeValue", { cm: order.size })],
              [t("field.color"), order.color || t("none")],
              [t("field.price"), <Price key="price" usdCents={order.priceCents} />],
            ]}
          />
          {order.customOrderId !== null && (
            <p className="mt-2 text-sm">
              <Link to={`/admin/custom-orders/${order.customOrderId}/quote`} className="underline underline-offset-4">
                {t("field.customRequest", { id: order.customOrderId })}
              </Link>
            </p>
          )}
        </Card>

        <Card id="delivery" title={t("section.delivery")}>
          <Rows
            rows={[
              [t("field.option"), deliveryOptionName(order.deliveryOption, locale)],
              [
                t("field.deliveryCost"),
                order.deliveryCostCents === 0 ? t("free") : <Price key="cost" usdCents={order.deliveryCostCents} />,
              ],
              [t("field.estimateQuoted"), range(detail.estimate.quoted)],
              ...(detail.estimate.fromPayment
                ? ([[t("field.estimatePaid"), range(detail.estimate.fromPayment)]] as [string, string][])
                : []),
              [t("field.carrier"), order.carrier ?? t("field.notShipped")],
              ...(order.trackingNumber
                ? ([
                    [
                      t("field.tracking"),
                      order.trackingUrl ? (
                        <a
                          key="t"
                          href={order.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="underline underline-offset-4"
                        >
                          {order.trackingNumber} ({t("field.trackLink")})
                        </a>
                      ) : (
                        order.trackingNumber
                      ),
                    ],
                  ] as [string, React.ReactNode][])
                : []),
            ]}
          />
        </Card>

        <Card id="making" title={makingT("section")} wide>
          <MakingPanel detail={detail} stages={stages} onDirty={dirtyOf.making} onDone={(text) => void after(text)} />
        </Card>

        <Card id="payment" title={t("section.payment")} wide>
          <Rows
            rows={[
              [t("field.method"), paymentMethodName(order.paymentMethod, locale)],
              [t("field.paymentStatus"), label.payment(order.paymentStatus)],
              [t("field.total"), formatUsd(order.totalCents)],
              [t("field.totalIdr"), formatIdr(order.totalIdr)],
              ...(parts
                ? ([
                    [
                      t("field.deposit"),
                      t("field.part", {
                        usd: formatUsd(parts.deposit.usdCents),
                        idr: formatIdr(parts.deposit.idr),
                        state: t(`part.${parts.deposit.state}`),
                      }),
                    ],
                    [
                      t("field.balance"),
                      t("field.part", {
                        usd: formatUsd(parts.balance.usdCents),
                        idr: formatIdr(parts.balance.idr),
                        state: t(`part.${parts.balance.state}`),
                      }),
                    ],
                  ] as [string, string][])
                : []),
              [t("field.rate"), t("field.rateValue", { rate: formatRate(order.usdToIdrRate) })],
              ...(detail.paidAt ? ([[t("field.paidAt"), consoleDate(detail.paidAt, locale)]] as [string, string][]) : []),
            ]}
          />
          {detail.can.balance && (
            <BalanceLink order={order} onDone={(sent) => void after(t(sent ? "done.balance" : "done.balanceRepeat"))} />
          )}
          <h3 className="mt-5 font-semibold">{t("section.attempts")}</h3>
          {detail.attempts.length === 0 ? (
            <p className="mt-1 text-sm text-ink-600">{t(isCash ? "attempts.emptyCash" : "attempts.empty")}</p>
          ) : (
            <ul className="mt-2 divide-y divide-sand-200 text-sm">
              {detail.attempts.map((a) => (
                <li key={a.id} className={`flex flex-wrap gap-x-3 py-2 ${a.flag ? "bg-amber-50" : ""}`} data-attempt={a.attempt}>
                  <span className="tabular-nums">{a.attempt}.</span>
                  <span>{consoleDate(a.createdAt, locale)}</span>
                  <span>{paymentMethodName(a.method, locale)}</span>
                  {(a.part === "DEPOSIT" || a.part === "BALANCE") && <span className="font-medium">{t(`attempts.part.${a.part}`)}</span>}
                  <span className="tabular-nums">{formatAmount(a.amount, a.currency)}</span>
                  <span className="font-medium">{label.attempt(a.status)}</span>
                  <span className="basis-full text-xs break-all text-ink-600">
                    {[
                      t("attempts.channel", { code: a.channelCode }),
                      ...(a.failureCode ? [t("attempts.failure", { code: a.failureCode })] : []),
                      ...(a.expiresAt && a.status === "PENDING" ? [t("attempts.expires", { date: consoleDate(a.expiresAt, locale) })] : []),
                      ...(a.xenditRequestId || a.xenditPaymentId
                        ? [t("attempts.ids", { ids: [a.xenditRequestId, a.xenditPaymentId].filter(Boolean).join(", ") })]
                        : []),
                    ].join(" · ")}
                  </span>
                  {a.flag && (
                    <span className="basis-full break-words text-amber-900">
                      <strong className="font-semibold">{flagText(t, a.flagKind)}</strong>{" "}
                      <span className="font-mono text-xs">{t("attempts.flag", { flag: a.flag })}</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-5 font-semibold">{t("section.refunds")}</h3>
          <RefundsList order={order} refunds={detail.refunds} />
          {refunds && <ReturnPanel orderId={order.id} returns={refunds.returns} onDone={(text) => void after(text)} />}
          {refunds && (
            <RefundPanel
              // A new form after each refund or return: its amount and choices start from what is left.
              key={`${detail.refunds.length}:${refunds.returns.recorded?.createdAt ?? ""}`}
              order={order}
              refunds={refunds}
              onDone={(text) => void after(text)}
            />
          )}
        </Card>

        <Card id="status" title={t("section.status")}>
          <StatusForm
            key={`${order.status}:${detail.can.moves.join(",")}`}
            order={order}
            moves={detail.can.moves}
            onDirty={dirtyOf.status}
            onDone={(status) =>
              void after(
                status === "SHIPPED"
                  ? t("done.shipped")
                  : status === "CANCELLED"
                    ? t("done.cancelled")
                    : t("done.status", { status: label.status(status) }),
              )
            }
          />
        </Card>

        <Card id="history" title={t("section.history")}>
          {detail.history.length === 0 ? (
            <p className="mt-2 text-sm text-ink-600">{t("history.none")}</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {detail.history.map((e) => (
                <li key={e.id} className="border-l-2 border-sand-300 pl-3">
                  <span className="flex flex-wrap items-center gap-2">
                    <StatusPill tone={statusTone("status", e.status)} label={label.status(e.status)} />
                    <StatusPill tone={statusTone("payment", e.paymentStatus)} label={label.payment(e.paymentStatus)} />
                    <span className="text-ink-600">{consoleDate(e.createdAt, locale)}</span>
                  </span>
                  {e.reason && <span className="mt-0.5 block break-words text-ink-700">{historyLine(e.reason, locale)}</span>}
                </li>
              ))}
            </ol>
          )}
        </Card>

        <Card id="notes" title={t("section.notes")} wide>
          {detail.notes.length === 0 ? (
            <p className="mt-2 text-sm text-ink-600">{t("notes.none")}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {detail.notes.map((n) => (
                <li key={n.id} className="rounded-xl bg-sand-50 p-3 text-sm">
                  <p className="whitespace-pre-wrap break-words">{n.text}</p>
                  <p className="mt-1 text-ink-600">
                    {t("notes.by", { author: actorName(n.author, locale), date: consoleDate(n.createdAt, locale) })}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <NoteForm orderId={order.id} onDirty={dirtyOf.note} onDone={() => void after(t("done.note"))} />
        </Card>

        <Card id="mails" title={t("section.mails")} wide>
          {detail.mails.length === 0 ? (
            <p className="mt-2 text-sm text-ink-600">{t("mails.none")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-sand-200 text-sm">
              {detail.mails.map((m) => (
                <li key={m.id} className="py-2">
                  <Link
                    to={`/admin/orders/${order.id}/mail/${m.id}`}
                    aria-label={t("mails.read", { subject: m.subject })}
                    className="font-medium underline underline-offset-4 [overflow-wrap:anywhere]"
                  >
                    {m.subject}
                  </Link>
                  <span className="mt-0.5 block text-ink-600 [overflow-wrap:anywhere]">
                    {consoleDate(m.createdAt, locale)} · {mailKind(t, m.template)} · {t("mails.to", { email: m.to })} ·{" "}
                    <span className={m.status === "failed" ? "font-medium text-red-700" : "font-medium"}>{label.mail(m.status)}</span>
                  </span>
                  {m.lastError && <span className="block text-xs text-red-700 [overflow-wrap:anywhere]">{m.lastError}</span>}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card id="changes" title={t("section.changes")} wide>
          <RecordChanges changes={detail.changes} empty={t("changes.none")} />
        </Card>

        <Card id="email" title={t("section.email")} wide>
          <EmailForm
            key={order.id}
            detail={detail}
            onDirty={dirtyOf.email}
            onDone={(sent) => void after(t(sent ? "done.email" : "done.emailRepeat"))}
          />
        </Card>
      </div>
    </article>
  );
}
