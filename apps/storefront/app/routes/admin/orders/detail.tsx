import { randomBytes } from "node:crypto";
import { sendBalanceLink } from "@workshop/api/desk/balance-link.ts";
import { addNote, changeStatus, markPaid, refusalCode, sendOrderEmail } from "@workshop/api/desk/order-actions.ts";
import { isOrderId, orderDetail } from "@workshop/api/desk/order-detail.ts";
import { isStaffTemplateId, prefilledEmail, staffTemplateIds } from "@workshop/api/desk/order-mail-templates.ts";
import { trackingUrl } from "@workshop/api/desk/order-rules.ts";
import { AppError } from "@workshop/api/errors.ts";
import { refundableAttempts, refundPayment, refundsOf } from "@workshop/api/payments/refunds.ts";
import type { RefundReason } from "@workshop/api/payments/xendit/client.ts";
import { requireStaffForm, requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { deliveryDays } from "@workshop/domain/delivery.ts";
import { translator } from "@workshop/domain/i18n/core.ts";
import { countryNames } from "@workshop/domain/i18n/countries.ts";
import { deliveryTexts } from "@workshop/domain/i18n/delivery.ts";
import { imageUrl } from "@workshop/domain/images.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { formatAmount, formatIdr, formatRate, formatUsd } from "@workshop/domain/money.ts";
import { historyLine } from "@workshop/domain/order-history.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { useState } from "react";
import { data, Form, redirect, useRouteLoaderData, useSubmit } from "react-router";
import { AdminTable } from "#app/components/admin/AdminTable.tsx";
import { AuditTrail } from "#app/components/admin/AuditChange.tsx";
import { Banner, field, Rows, Section } from "#app/components/admin/RecordParts.tsx";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { useHydrated } from "#app/components/useHydrated.ts";
import { adminOrder } from "#app/i18n/admin-order.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/detail";

/** The list's query string the page was opened from (?back=page=2&status=PENDING), kept for Back to Orders. */
function backOf(url: URL): string {
  const back = (url.searchParams.get("back") ?? "").replace(/^\?/, "").slice(0, 500);
  return /^[\w\-.~%&=+,:]*$/.test(back) ? back : "";
}

function here(id: string, back: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (back) query.set("back", back);
  const text = query.toString();
  return `/admin/orders/${id}${text ? `?${text}` : ""}`;
}

const notFound = () => data({ error: "Order not found", code: "not-found" }, { status: 404 });

/** The order page for staff: everything about one order, and what they can do with it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireStaffPage(request);
  if (!isOrderId(params.id)) throw notFound();
  const [detail, refundable, refunds] = await Promise.all([orderDetail(params.id), refundableAttempts(params.id), refundsOf(params.id)]);
  if (!detail) throw notFound();
  const url = new URL(request.url);
  const template = url.searchParams.get("template");
  const prefill = isStaffTemplateId(template) ? await prefilledEmail(template, detail.order) : { subject: "", text: "" };
  const { order } = detail;
  return {
    ...detail,
    order: { ...order, accessToken: undefined },
    // Payments that need their money sent back (or were), and the refunds made (docs/decisions/014).
    refundable: refundable.filter((r) => r.cause || r.refund),
    refunds,
    isOwner: user.role === "owner",
    trackingUrl: order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null,
    template: isStaffTemplateId(template) ? template : "",
    templates: staffTemplateIds,
    prefill,
    // One per form shown: the e-mail's dedupe key, so a double submit sends one mail.
    nonce: randomBytes(18).toString("base64url"),
    back: backOf(url),
    done: Object.fromEntries(["done", "status", "cancelled", "failed"].map((k) => [k, url.searchParams.get(k) ?? ""])),
  };
}

type Intent = "mark-paid" | "status" | "email" | "note" | "refund" | "balance";
export type ActionFailure = { intent: Intent; code: string | null; message: string; fields?: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const { actor } = await requireStaffForm(request, form);
  if (!isOrderId(params.id)) throw notFound();
  const id = params.id;
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const back = backOf(new URL(`http://x/?back=${encodeURIComponent(field("back"))}`));
  const intent = field("intent") as Intent;
  try {
    switch (intent) {
      case "mark-paid":
        if (field("confirmed") !== "yes")
          return redirect(`/admin/orders/${id}/confirm?action=mark-paid${back ? `&back=${encodeURIComponent(back)}` : ""}`);
        await markPaid(id, actor);
        return redirect(here(id, back, { done: "marked-paid" }));
      case "status": {
        const next = field("next");
        const reasonKind = field("reasonKind");
        if (next === "CANCELLED" && field("confirmed") !== "yes") {
          const query = new URLSearchParams({
            action: "cancel",
            reasonKind,
            reasonText: field("reasonText").slice(0, 500),
            expected: field("expected"),
          });
          if (back) query.set("back", back);
          return redirect(`/admin/orders/${id}/confirm?${query}`);
        }
        const carrier = field("carrier") === "OTHER" ? field("carrierName") : field("carrier");
        const reason = reasonKind === "customer-request" || reasonKind === "unavailable" ? reasonKind : { text: field("reasonText") };
        const { order, payments } = await changeStatus(
          id,
          next,
          { carrier, trackingNumber: field("trackingNumber"), reason, expected: field("expected") || undefined },
          actor,
        );
        const done: Record<string, string> =
          order.status === "CANCELLED"
            ? { done: "cancelled", cancelled: String(payments?.cancelled.length ?? 0), failed: String(payments?.notCancelled.length ?? 0) }
            : order.status === "SHIPPED"
              ? { done: "shipped" }
              : { done: "status", status: order.status };
        return redirect(here(id, back, done));
      }
      case "email": {
        const { sent } = await sendOrderEmail(id, { subject: field("subject"), text: field("text"), nonce: field("nonce") }, actor);
        return redirect(here(id, back, { done: sent ? "email" : "email-repeat" }));
      }
      case "note":
        await addNote(id, field("note"), actor);
        return redirect(here(id, back, { done: "note" }));
      case "balance": {
        const { sent } = await sendBalanceLink(id, field("nonce"), actor);
        return redirect(here(id, back, { done: sent ? "balance" : "email-repeat" }));
      }
      case "refund": {
        if (field("confirmed") !== "yes") {
          const query = new URLSearchParams({
            action: "refund",
            attempt: field("attempt").slice(0, 40),
            reason: field("reason").slice(0, 40),
          });
          if (back) query.set("back", back);
          return redirect(`/admin/orders/${id}/confirm?${query}`);
        }
        await refundPayment({ orderId: id, paymentAttemptId: field("attempt"), reason: field("reason"), actor });
        return redirect(here(id, back, { done: "refund" }));
      }
      default:
        return data<ActionFailure>({ intent: "status", code: null, message: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.kind === "not_found") throw notFound();
    const fields: Record<string, string> | undefined =
      intent === "email"
        ? { subject: field("subject"), text: field("text") }
        : intent === "note"
          ? { note: field("note") }
          : intent === "status"
            ? {
                next: field("next"),
                carrier: field("carrier"),
                carrierName: field("carrierName"),
                trackingNumber: field("trackingNumber"),
                reasonKind: field("reasonKind"),
                reasonText: field("reasonText"),
              }
            : undefined;
    return data<ActionFailure>({ intent, code: refusalCode(error), message: error.message, fields }, { status: error.status });
  }
}

type T = ReturnType<typeof useT<keyof typeof adminOrder.en>>;

/** A code (status, template, reason…) in the admin's words: `<prefix>.<code>` from the catalogue, else the code. */
function named(t: T, prefix: string, code: string): string {
  const key = `${prefix}.${code}`;
  return key in adminOrder.en ? t(key as keyof typeof adminOrder.en) : code;
}

/** Xendit's refund reasons, as the owner chooses one (server/payments/xendit/client.ts). */
const refundReasons: readonly RefundReason[] = ["DUPLICATE", "CANCELLATION", "REQUESTED_BY_CUSTOMER", "FRAUDULENT", "OTHERS"];
function defaultRefundReason(cause: string | null): RefundReason {
  return cause === "paid-twice" ? "DUPLICATE" : cause === "paid-after-cancel" || cause === "order-cancelled" ? "CANCELLATION" : "OTHERS";
}
/** The reason of a refusal in the admin's language, else as the server said it. */
function reasonOf(t: T, failure: ActionFailure): string {
  const key = `refusal.${failure.code}`;
  return failure.code && key in adminOrder.en ? t(key as keyof typeof adminOrder.en) : failure.message;
}
function countryName(country: string, locale: Locale): string {
  return Object.hasOwn(countryNames.en, country) ? translator(countryNames, locale)(country as keyof typeof countryNames.en) : country;
}
function deliveryName(code: string, locale: Locale): string {
  const key = `${code}.name`;
  return key in deliveryTexts.en ? translator(deliveryTexts, locale)(key as keyof typeof deliveryTexts.en) : code;
}

const td = "px-3 py-2 align-top";

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(adminOrder);
  const locale = useLocale();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const frame = useRouteLoaderData("admin") as { formToken?: string } | undefined;
  const { order, attempts, history, mails, notes, audit, can, estimate, paidAt, prefill, template, nonce, back, done } = loaderData;
  const { refundable, refunds, isOwner } = loaderData;
  const failure = actionData as ActionFailure | undefined;
  const [next, setNext] = useState(failure?.fields?.next ?? can.moves[0] ?? "");
  // After a change the order offers other moves: the choice starts again from the first of them.
  const movesKey = `${order.status}:${can.moves.join(",")}`;
  const [shownMoves, setShownMoves] = useState(movesKey);
  if (shownMoves !== movesKey) {
    setShownMoves(movesKey);
    setNext(can.moves[0] ?? "");
  }
  const [carrierChoice, setCarrierChoice] = useState(failure?.fields?.carrier ?? "DHL");
  const [reasonKind, setReasonKind] = useState(failure?.fields?.reasonKind ?? "customer-request");
  const self = here(order.id, back);
  const address = order.shippingAddress;
  const orderLanguage = t(order.locale === "ru" ? "language.ru" : "language.en");
  const isCash = order.paymentMethod === "CASH_IN_STORE";
  const range = (w: { earliest: Date; latest: Date } | null) => (w ? t("field.range", deliveryDays(w, locale)) : t("none"));

  const successText = (() => {
    switch (done.done) {
      case "marked-paid":
        return [t("done.marked-paid")];
      case "shipped":
        return [t("done.shipped")];
      case "status":
        return [t("done.status", { status: named(t, "orderStatus", done.status ?? "") })];
      case "cancelled":
        return [
          t("done.cancelled"),
          ...(Number(done.cancelled) > 0 ? [t("done.cancelledRequests", { count: done.cancelled ?? "0" })] : []),
          ...(Number(done.failed) > 0 ? [t("done.notCancelled", { count: done.failed ?? "0" })] : []),
        ];
      case "email":
        return [t("done.email")];
      case "email-repeat":
        return [t("done.emailRepeat")];
      case "note":
        return [t("done.note")];
      case "refund":
        return [t("done.refund")];
      case "balance":
        return [t("done.balance")];
      default:
        return [];
    }
  })();
  const errorText = failure
    ? t(
        failure.intent === "email"
          ? "error.email"
          : failure.intent === "note"
            ? "error.note"
            : failure.intent === "refund"
              ? "error.refund"
              : failure.intent === "balance"
                ? "error.balance"
                : "error.status",
        {
          reason: reasonOf(t, failure),
        },
      )
    : null;

  return (
    <article>
      <title>{t("title", { number: order.orderNumber })}</title>
      <p>
        <a href={`/admin/orders${back ? `?${back}` : ""}`} className="text-sm underline underline-offset-4">
          ← {t("back")}
        </a>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold">{t("title", { number: order.orderNumber })}</h1>
        <span className="rounded-full bg-sand-100 px-2.5 py-0.5 text-sm">{named(t, "orderStatus", order.status)}</span>
        <span className="rounded-full bg-sand-100 px-2.5 py-0.5 text-sm">{named(t, "paymentStatus", order.paymentStatus)}</span>
      </div>
      {errorText && <Banner kind="error">{errorText}</Banner>}
      {!errorText && successText.length > 0 && (
        <Banner kind="success">
          {successText.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Banner>
      )}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Section id="order" title={t("section.order")}>
          <Rows
            rows={[
              [t("field.number"), order.orderNumber],
              [t("field.date"), adminDate(order.createdAt, locale)],
              [t("field.updated"), adminDate(order.updatedAt, locale)],
              [t("field.status"), named(t, "orderStatus", order.status)],
              [t("field.paymentStatus"), named(t, "paymentStatus", order.paymentStatus)],
              [t("field.totalUsd"), formatUsd(order.totalCents)],
              [t("field.language"), orderLanguage],
            ]}
          />
        </Section>

        <Section id="customer" title={t("section.customer")}>
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
            ]}
          />
        </Section>

        <Section id="product" title={t("section.product")}>
          <div className="mt-3 flex gap-4">
            {order.productImage ? (
              <img
                src={imageUrl(order.productImage, 320, "jpg")}
                alt={t("field.photo", { name: order.productName })}
                width={96}
                height={96}
                className="h-24 w-24 shrink-0 rounded-lg object-cover"
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <Rows
                rows={[
                  [t("field.hat"), order.productName],
                  [t("field.size"), order.size === null ? t("none") : t("field.sizeValue", { cm: order.size })],
                  [t("field.color"), order.color || t("none")],
                  [t("field.price"), formatUsd(order.priceCents)],
                ]}
              />
              <p className="mt-2 text-sm">
                {order.customOrderId !== null ? (
                  <a href={`/admin/custom-orders/${order.customOrderId}/quote`} className="underline underline-offset-4">
                    {t("field.customRequest", { id: order.customOrderId })}
                  </a>
                ) : loaderData.productExists ? (
                  <a href={`/products/${order.productId}`} target="_blank" rel="noopener" className="underline underline-offset-4">
                    {t("field.productLink")}
                  </a>
                ) : (
                  <span className="text-ink-600">{t("field.productGone")}</span>
                )}
              </p>
            </div>
          </div>
        </Section>

        <Section id="shipping" title={t("section.shipping")}>
          <Rows
            rows={[
              [
                t("field.address"),
                <span key="a" className="whitespace-pre-line">
                  {[
                    address.fullName,
                    address.addressLine1,
                    address.addressLine2,
                    [address.city, address.state, address.postalCode].filter(Boolean).join(", "),
                    countryName(address.country, locale),
                  ]
                    .filter(Boolean)
                    .join("\n")}
                </span>,
              ],
              [t("field.delivery"), deliveryName(order.deliveryOption, locale)],
              [t("field.deliveryCost"), order.deliveryCostCents === 0 ? t("field.free") : formatUsd(order.deliveryCostCents)],
              [t("field.estimateQuoted"), range(estimate.quoted)],
              ...(estimate.fromPayment ? ([[t("field.estimatePaid"), range(estimate.fromPayment)]] as [string, string][]) : []),
              [t("field.carrier"), order.carrier ?? t("field.notShipped")],
              ...(order.trackingNumber
                ? ([
                    [
                      t("field.tracking"),
                      loaderData.trackingUrl ? (
                        <a
                          key="t"
                          href={loaderData.trackingUrl}
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
        </Section>

        <Section id="payment" title={t("section.payment")} className="lg:col-span-2">
          <Rows
            rows={[
              [t("field.method"), paymentMethodName(order.paymentMethod, locale)],
              [t("field.paymentStatus"), named(t, "paymentStatus", order.paymentStatus)],
              [t("field.totalUsd"), formatUsd(order.totalCents)],
              [t("field.totalIdr"), formatIdr(order.totalIdr)],
              ...(order.depositCents !== null && order.depositIdr !== null
                ? ([
                    [
                      t("field.deposit"),
                      `${formatUsd(order.depositCents)} (${formatIdr(order.depositIdr)}) · ${t(order.paymentStatus === "DEPOSIT_PAID" || order.paymentStatus === "SUCCEEDED" ? "part.paid" : "part.unpaid")}`,
                    ],
                    [
                      t("field.balance"),
                      `${formatUsd(order.totalCents - order.depositCents)} (${formatIdr(order.totalIdr - order.depositIdr)}) · ${t(order.paymentStatus === "SUCCEEDED" ? "part.paid" : order.balanceRequestedAt ? "part.requested" : "part.unpaid")}`,
                    ],
                  ] as [string, string][])
                : []),
              [t("field.rate"), t("field.rateValue", { rate: formatRate(order.usdToIdrRate) })],
              ...(paidAt ? ([[t("field.paidAt"), adminDate(paidAt, locale)]] as [string, string][]) : []),
            ]}
          />
          <h3 className="mt-5 font-semibold">{t("section.attempts")}</h3>
          {attempts.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t(isCash ? "attempts.emptyCash" : "attempts.empty")}</p>
          ) : (
            <AdminTable
              label={t("section.attempts")}
              columns={[
                t("attempts.number"),
                t("attempts.created"),
                t("attempts.channel"),
                t("attempts.amount"),
                t("attempts.status"),
                t("attempts.request"),
                t("attempts.payment"),
                t("attempts.failure"),
                t("attempts.expires"),
                t("attempts.flag"),
              ]}
              width="min-w-[60rem]"
              className="mt-2"
            >
              <tbody className="divide-y divide-sand-200">
                {attempts.map((a) => (
                  <tr key={a.id} className={a.flag ? "bg-amber-50" : undefined}>
                    <td className={`${td} tabular-nums`}>{a.attempt}</td>
                    <td className={`${td} whitespace-nowrap`}>{adminDate(a.createdAt, locale)}</td>
                    <td className={td}>
                      {paymentMethodName(a.method, locale)}
                      <span className="block font-mono text-xs text-ink-600">{a.channelCode}</span>
                      {a.part !== "FULL" && (
                        <span className="block text-xs font-medium">{t(a.part === "DEPOSIT" ? "field.deposit" : "field.balance")}</span>
                      )}
                    </td>
                    <td className={`${td} whitespace-nowrap tabular-nums`}>{formatAmount(a.amount, a.currency)}</td>
                    <td className={td}>{named(t, "attemptStatus", a.status)}</td>
                    <td className={`${td} break-all font-mono text-xs`}>{a.xenditRequestId ?? t("none")}</td>
                    <td className={`${td} break-all font-mono text-xs`}>{a.xenditPaymentId ?? t("none")}</td>
                    <td className={`${td} font-mono text-xs`}>{a.failureCode ?? t("none")}</td>
                    <td className={`${td} whitespace-nowrap`}>{a.expiresAt ? adminDate(a.expiresAt, locale) : t("none")}</td>
                    <td className={td}>
                      {a.flag && a.flagKind ? (
                        <>
                          <strong className="font-semibold text-amber-900">{t(`flag.${a.flagKind}`)}</strong>
                          <span className="block font-mono text-xs text-ink-600">{a.flag}</span>
                        </>
                      ) : (
                        t("none")
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
          <h3 className="mt-6 font-semibold">{t("refunds.title")}</h3>
          {refunds.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("refunds.none")}</p>
          ) : (
            <AdminTable
              label={t("refunds.title")}
              columns={[
                t("refunds.created"),
                t("refunds.payment"),
                t("refunds.amount"),
                t("refunds.reason"),
                t("refunds.status"),
                t("refunds.xendit"),
              ]}
              width="min-w-[40rem]"
              className="mt-2"
            >
              <tbody className="divide-y divide-sand-200">
                {refunds.map((r) => (
                  <tr key={r.id}>
                    <td className={`${td} whitespace-nowrap`}>{adminDate(r.createdAt, locale)}</td>
                    <td className={td}>
                      {r.attempt} · {paymentMethodName(r.method, locale)}
                    </td>
                    <td className={`${td} whitespace-nowrap tabular-nums`}>{formatAmount(r.amount, r.currency)}</td>
                    <td className={td}>{named(t, "refund.reason", r.reason)}</td>
                    <td className={td}>
                      {named(t, "refundStatus", r.status)}
                      {r.failureCode && <span className="block font-mono text-xs text-ink-600">{r.failureCode}</span>}
                    </td>
                    <td className={`${td} break-all font-mono text-xs`}>{r.xenditRefundId ?? t("none")}</td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
          {isCash && order.status === "CANCELLED" && order.paymentStatus === "SUCCEEDED" && (
            <p className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm">{t("refund.cash")}</p>
          )}
          {refundable.map((r) => (
            <div key={r.paymentAttemptId} className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm">
              <p className="font-medium">
                {t("refund.payment", {
                  n: r.attempt,
                  method: paymentMethodName(r.method, locale),
                  amount: formatAmount(r.amount, r.currency),
                })}
              </p>
              {r.cause && <p className="mt-1 text-ink-700">{t(`refund.cause.${r.cause}`)}</p>}
              {r.refundable ? (
                isOwner ? (
                  <Form
                    method="get"
                    action={`/admin/orders/${order.id}/confirm`}
                    className="mt-3 flex flex-wrap items-end gap-3"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (!window.confirm(t("js.confirmRefund"))) return;
                      const reason = (event.currentTarget.elements.namedItem("reason") as HTMLSelectElement).value;
                      submit(
                        { _token: frame?.formToken ?? "", intent: "refund", confirmed: "yes", attempt: r.paymentAttemptId, reason, back },
                        { method: "post", action: self },
                      );
                    }}
                  >
                    <input type="hidden" name="action" value="refund" />
                    <input type="hidden" name="attempt" value={r.paymentAttemptId} />
                    {back && <input type="hidden" name="back" value={back} />}
                    <label className="text-sm font-medium">
                      {t("refunds.reason")}
                      <select name="reason" defaultValue={defaultRefundReason(r.cause)} className={field}>
                        {refundReasons.map((reason) => (
                          <option key={reason} value={reason}>
                            {t(`refund.reason.${reason}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" className="btn-primary">
                      {t("refund.submit", { amount: formatAmount(r.amount, r.currency) })}
                    </button>
                  </Form>
                ) : (
                  <p className="mt-2 text-ink-700">{t("refunds.ownersOnly")}</p>
                )
              ) : (
                r.blockedBy && <p className="mt-2 text-ink-700">{t(`refund.blocked.${r.blockedBy}`)}</p>
              )}
            </div>
          ))}
        </Section>

        <Section id="actions" title={t("section.actions")} className="lg:col-span-2">
          <div className="mt-3 grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            {can.balance && (
              <Form method="post" action={self} className="rounded-xl border border-sand-200 p-4">
                <TokenField />
                <input type="hidden" name="intent" value="balance" />
                <input type="hidden" name="nonce" value={nonce} />
                {back && <input type="hidden" name="back" value={back} />}
                <p className="text-sm text-ink-700">
                  {t(order.balanceRequestedAt ? "balance.hintAgain" : "balance.hint", { email: order.shippingAddress.email })}
                </p>
                <button type="submit" className="btn-primary mt-3">
                  {t(order.balanceRequestedAt ? "balance.again" : "balance.send")}
                </button>
              </Form>
            )}
            {can.markPaid && (
              <Form
                method="get"
                action={`/admin/orders/${order.id}/confirm`}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!window.confirm(t("js.confirmMarkPaid"))) return;
                  submit({ _token: frame?.formToken ?? "", intent: "mark-paid", confirmed: "yes", back }, { method: "post", action: self });
                }}
                className="rounded-xl border border-sand-200 p-4"
              >
                <input type="hidden" name="action" value="mark-paid" />
                {back && <input type="hidden" name="back" value={back} />}
                <p className="text-sm text-ink-700">{t("markPaid.hint")}</p>
                <button type="submit" className="btn-primary mt-3">
                  {t("markPaid")}
                </button>
              </Form>
            )}

            <Form
              method="post"
              action={self}
              className="rounded-xl border border-sand-200 p-4"
              onSubmit={(event) => {
                const form = event.currentTarget;
                if ((form.elements.namedItem("next") as HTMLSelectElement | null)?.value !== "CANCELLED") return;
                if (!window.confirm(t("js.confirmCancel"))) event.preventDefault();
                else (form.elements.namedItem("confirmed") as HTMLInputElement).value = "yes";
              }}
            >
              <TokenField />
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="expected" value={order.status} />
              <input type="hidden" name="confirmed" value="" />
              {back && <input type="hidden" name="back" value={back} />}
              <h3 className="font-semibold">{t("updateStatus")}</h3>
              {can.moves.length === 0 ? (
                <p className="mt-2 text-sm text-ink-700">{t("status.noMoves", { status: named(t, "orderStatus", order.status) })}</p>
              ) : (
                <>
                  <label className="mt-3 block text-sm font-medium">
                    {t("status.new")}
                    <select name="next" value={next} onChange={(e) => setNext(e.target.value)} className={field}>
                      {can.moves.map((m) => (
                        <option key={m} value={m}>
                          {named(t, "orderStatus", m)}
                        </option>
                      ))}
                    </select>
                  </label>
                  {can.moves.includes("SHIPPED") && (!hydrated || next === "SHIPPED") && (
                    <fieldset className="mt-3 space-y-3 rounded-lg bg-sand-50 p-3">
                      <legend className="sr-only">{named(t, "orderStatus", "SHIPPED")}</legend>
                      <p className="text-xs text-ink-600">{t("status.shippedHint")}</p>
                      <label className="block text-sm font-medium">
                        {t("status.carrier")}
                        <select name="carrier" value={carrierChoice} onChange={(e) => setCarrierChoice(e.target.value)} className={field}>
                          <option value="DHL">DHL</option>
                          <option value="Lion Parcel">Lion Parcel</option>
                          <option value="OTHER">{t("status.carrierOther")}</option>
                        </select>
                      </label>
                      {(!hydrated || carrierChoice === "OTHER") && (
                        <label className="block text-sm font-medium">
                          {t("status.carrierName")}
                          <input name="carrierName" maxLength={60} defaultValue={failure?.fields?.carrierName} className={field} />
                        </label>
                      )}
                      <label className="block text-sm font-medium">
                        {t("status.tracking")}
                        <input
                          name="trackingNumber"
                          maxLength={60}
                          autoComplete="off"
                          defaultValue={failure?.fields?.trackingNumber}
                          required={hydrated && next === "SHIPPED"}
                          className={field}
                        />
                      </label>
                    </fieldset>
                  )}
                  {can.moves.includes("CANCELLED") && (!hydrated || next === "CANCELLED") && (
                    <fieldset className="mt-3 space-y-3 rounded-lg bg-sand-50 p-3">
                      <legend className="sr-only">{named(t, "orderStatus", "CANCELLED")}</legend>
                      <p className="text-xs text-ink-600">{t("status.cancelHint")}</p>
                      {order.paymentStatus === "SUCCEEDED" && (
                        <p className="text-xs font-medium text-amber-900">{t("status.cancelPaidHint")}</p>
                      )}
                      <label className="block text-sm font-medium">
                        {t("status.reason")}
                        <select name="reasonKind" value={reasonKind} onChange={(e) => setReasonKind(e.target.value)} className={field}>
                          <option value="customer-request">{t("status.reason.customer-request")}</option>
                          <option value="unavailable">{t("status.reason.unavailable")}</option>
                          <option value="other">{t("status.reason.other")}</option>
                        </select>
                      </label>
                      {(!hydrated || reasonKind === "other") && (
                        <label className="block text-sm font-medium">
                          {t("status.reasonText", { language: orderLanguage })}
                          <textarea
                            name="reasonText"
                            rows={2}
                            maxLength={500}
                            defaultValue={failure?.fields?.reasonText}
                            required={hydrated && next === "CANCELLED" && reasonKind === "other"}
                            className={field}
                          />
                        </label>
                      )}
                    </fieldset>
                  )}
                  <button type="submit" className="btn-primary mt-3">
                    {t("updateStatus")}
                  </button>
                </>
              )}
            </Form>

            <div id="email" className="rounded-xl border border-sand-200 p-4 lg:col-span-2">
              <h3 className="font-semibold">{t("sendEmail")}</h3>
              <p className="mt-1 text-xs text-ink-600">{t("email.language", { email: address.email, language: orderLanguage })}</p>
              <Form method="get" action={`/admin/orders/${order.id}#email`} className="mt-3 flex flex-wrap items-end gap-2">
                {back && <input type="hidden" name="back" value={back} />}
                <label className="min-w-48 flex-1 text-sm font-medium">
                  {t("email.template")}
                  <select name="template" defaultValue={template} className={field}>
                    <option value="">{t("email.template.blank")}</option>
                    {loaderData.templates.map((id) => (
                      <option key={id} value={id}>
                        {t(`email.template.${id}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="btn-secondary px-4 py-2">
                  {t("email.useTemplate")}
                </button>
              </Form>
              <Form method="post" action={self} key={`${template}:${nonce}`} className="mt-3 space-y-3">
                <TokenField />
                <input type="hidden" name="intent" value="email" />
                <input type="hidden" name="nonce" value={nonce} />
                {back && <input type="hidden" name="back" value={back} />}
                <label className="block text-sm font-medium">
                  {t("email.subject")}
                  <input
                    name="subject"
                    required
                    maxLength={200}
                    defaultValue={failure?.intent === "email" ? failure.fields?.subject : prefill.subject}
                    className={field}
                  />
                </label>
                <label className="block text-sm font-medium">
                  {t("email.text")}
                  <textarea
                    name="text"
                    required
                    rows={8}
                    maxLength={10000}
                    defaultValue={failure?.intent === "email" ? failure.fields?.text : prefill.text}
                    className={field}
                  />
                </label>
                <button type="submit" className="btn-primary">
                  {t("sendEmail")}
                </button>
              </Form>
            </div>
          </div>
        </Section>

        <Section id="history" title={t("section.history")} className="lg:col-span-2">
          {history.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("history.empty")}</p>
          ) : (
            <AdminTable
              label={t("section.history")}
              columns={[t("history.when"), t("history.status"), t("history.payment"), t("history.what")]}
              width="min-w-[36rem]"
              className="mt-3"
            >
              <tbody className="divide-y divide-sand-200">
                {history.map((e) => (
                  <tr key={e.id}>
                    <td className={`${td} whitespace-nowrap`}>{adminDate(e.createdAt, locale)}</td>
                    <td className={td}>{named(t, "orderStatus", e.status)}</td>
                    <td className={td}>{named(t, "paymentStatus", e.paymentStatus)}</td>
                    <td className={`${td} break-words`}>{historyLine(e.reason, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
        </Section>

        <Section id="emails" title={t("section.emails")} className="lg:col-span-2">
          {mails.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">{t("mails.empty")}</p>
          ) : (
            <AdminTable
              label={t("section.emails")}
              columns={[t("mails.when"), t("mails.kind"), t("mails.subject"), t("mails.to"), t("mails.status")]}
              width="min-w-[44rem]"
              className="mt-3"
            >
              <tbody className="divide-y divide-sand-200">
                {mails.map((m) => (
                  <tr key={m.id}>
                    <td className={`${td} whitespace-nowrap`}>{adminDate(m.createdAt, locale)}</td>
                    <td className={td}>{named(t, "template", m.template)}</td>
                    <td className={`${td} break-words`}>
                      <a
                        href={`/admin/orders/${order.id}/mail/${m.id}${back ? `?back=${encodeURIComponent(back)}` : ""}`}
                        aria-label={t("mails.readLabel", { subject: m.subject })}
                        className="underline underline-offset-4"
                      >
                        {m.subject}
                      </a>
                    </td>
                    <td className={`${td} break-all`}>{m.to}</td>
                    <td className={td}>
                      {named(t, "mailStatus", m.status)}
                      {m.lastError && <span className="block text-xs text-red-800">{m.lastError}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
        </Section>

        <Section id="notes" title={t("section.notes")}>
          <Form method="post" action={self} className="mt-3 space-y-2">
            <TokenField />
            <input type="hidden" name="intent" value="note" />
            {back && <input type="hidden" name="back" value={back} />}
            <label className="block text-sm font-medium">
              {t("notes.label")}
              <textarea
                name="note"
                required
                rows={3}
                maxLength={5000}
                defaultValue={failure?.intent === "note" ? failure.fields?.note : undefined}
                className={field}
              />
            </label>
            <button type="submit" className="btn-secondary px-5 py-2">
              {t("notes.add")}
            </button>
          </Form>
          {notes.length === 0 ? (
            <p className="mt-4 text-sm text-ink-700">{t("notes.empty")}</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {notes.map((n) => (
                <li key={n.id} className="rounded-lg bg-sand-50 p-3 text-sm">
                  <p className="whitespace-pre-wrap break-words">{n.text}</p>
                  <p className="mt-1 text-xs text-ink-600">
                    {n.author} · {adminDate(n.createdAt, locale)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="audit" title={t("section.audit")}>
          <AuditTrail entries={audit} empty={t("audit.empty")} />
        </Section>
      </div>
    </article>
  );
}
