import { isOrderId } from "@workshop/api/desk/order-detail.ts";
import { orderById } from "@workshop/api/orders/queries.ts";
import { refundableAttempts } from "@workshop/api/payments/refunds.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { formatAmount, formatIdr, formatUsd } from "@workshop/domain/money.ts";
import { data, Form } from "react-router";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { adminOrder } from "#app/i18n/admin-order.ts";
import { useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/confirm";

/**
 * The confirm step of Mark as Paid, of cancelling and of a refund, for a browser without JavaScript (with it,
 * the order page asks with window.confirm): what will happen, and a form that does it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const order = isOrderId(params.id) ? await orderById(params.id) : null;
  if (!order) throw data({ error: "Order not found", code: "not-found" }, { status: 404 });
  const query = new URL(request.url).searchParams;
  const action = query.get("action");
  const text = (name: string, max: number) => (query.get(name) ?? "").slice(0, max);
  const back = text("back", 500);
  // A refund names the payment: one that may be refunded now, of this order.
  const refund =
    action === "refund"
      ? ((await refundableAttempts(order.id)).find((a) => a.paymentAttemptId === query.get("attempt") && a.refundable) ?? null)
      : null;
  return {
    refund: refund && { attempt: refund.paymentAttemptId, amount: refund.amount, currency: refund.currency },
    reason: text("reason", 40),
    order: { id: order.id, orderNumber: order.orderNumber, totalCents: order.totalCents, totalIdr: order.totalIdr, status: order.status },
    action:
      action === "mark-paid" || action === "cancel" || (action === "refund" && refund)
        ? (action as "mark-paid" | "cancel" | "refund")
        : null,
    reasonKind: ["customer-request", "unavailable", "other"].includes(query.get("reasonKind") ?? "")
      ? query.get("reasonKind")!
      : "customer-request",
    reasonText: text("reasonText", 500),
    expected: text("expected", 40),
    back: /^[\w\-.~%&=+,:]*$/.test(back) ? back : "",
  };
}

export default function ConfirmOrderAction({ loaderData }: Route.ComponentProps) {
  const t = useT(adminOrder);
  const { order, action, reasonKind, reasonText, expected, back, refund, reason } = loaderData;
  const orderPage = `/admin/orders/${order.id}${back ? `?back=${encodeURIComponent(back)}` : ""}`;
  const field = "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm";
  if (!action) {
    return (
      <section className="mx-auto max-w-xl">
        <title>{t("title", { number: order.orderNumber })}</title>
        <p className="text-ink-700">{t("confirm.unknown")}</p>
        <a href={orderPage} className="btn-secondary mt-4">
          {t("confirm.no")}
        </a>
      </section>
    );
  }
  const title =
    action === "mark-paid"
      ? t("confirm.markPaid.title", { number: order.orderNumber })
      : action === "refund"
        ? t("confirm.refund.title", { number: order.orderNumber })
        : t("confirm.cancel.title", { number: order.orderNumber });
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <title>{title}</title>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-3 text-ink-700">
        {action === "mark-paid"
          ? t("confirm.markPaid.text", { total: `${formatUsd(order.totalCents)} (${formatIdr(order.totalIdr)})` })
          : action === "refund" && refund
            ? t("confirm.refund.text", { amount: formatAmount(refund.amount, refund.currency) })
            : t("confirm.cancel.text")}
      </p>
      <Form method="post" action={orderPage} className="mt-5 space-y-4">
        <TokenField />
        <input type="hidden" name="confirmed" value="yes" />
        {back && <input type="hidden" name="back" value={back} />}
        {action === "mark-paid" ? (
          <input type="hidden" name="intent" value="mark-paid" />
        ) : action === "refund" && refund ? (
          <>
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="attempt" value={refund.attempt} />
            <label className="block text-sm font-medium">
              {t("refunds.reason")}
              <select name="reason" defaultValue={reason || "OTHERS"} className={field}>
                {(["DUPLICATE", "CANCELLATION", "REQUESTED_BY_CUSTOMER", "FRAUDULENT", "OTHERS"] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`refund.reason.${r}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="next" value="CANCELLED" />
            <input type="hidden" name="expected" value={expected || order.status} />
            <label className="block text-sm font-medium">
              {t("confirm.cancel.reason")}
              <select name="reasonKind" defaultValue={reasonKind} className={field}>
                <option value="customer-request">{t("status.reason.customer-request")}</option>
                <option value="unavailable">{t("status.reason.unavailable")}</option>
                <option value="other">{t("status.reason.other")}</option>
              </select>
            </label>
            <label className="block text-sm font-medium">
              {t("confirm.cancel.reasonText")}
              <textarea name="reasonText" rows={3} maxLength={500} defaultValue={reasonText} className={field} />
            </label>
          </>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            {action === "mark-paid" ? t("confirm.markPaid.yes") : action === "refund" ? t("confirm.refund.yes") : t("confirm.cancel.yes")}
          </button>
          <a href={orderPage} className="btn-secondary">
            {t("confirm.no")}
          </a>
        </div>
      </Form>
    </section>
  );
}
