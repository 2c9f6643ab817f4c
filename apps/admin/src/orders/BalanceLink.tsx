import { type OrderDetailAnswer, orderEmailAnswer } from "@workshop/domain/staff-api/order.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { useState } from "react";
import { api } from "#admin/api/client.ts";
import { orderTexts } from "#admin/i18n/order.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { newNonce } from "./OrderActions.tsx";
import { refusalOf } from "./order-problems.ts";

/**
 * A custom hat with its deposit paid: e-mail the customer the link to pay the balance, or send it
 * again as a reminder once sent. One nonce per click shown, so a double click sends one e-mail.
 */
export function BalanceLink({ order, onDone }: { order: OrderDetailAnswer["order"]; onDone: (sent: boolean) => void }) {
  const t = useT(orderTexts);
  const [nonce, setNonce] = useState(newNonce);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sent = order.balanceRequestedAt !== null;
  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api(`/api/admin/orders/${order.id}/balance-link`, { method: "POST", body: { nonce }, answer: orderEmailAnswer });
      setNonce(newNonce());
      onDone(answer.sent);
    } catch (error) {
      setProblem(refusalOf(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="balance-title" className="mt-5 rounded-xl border border-sand-200 p-4">
      <h3 id="balance-title" className="font-semibold">
        {t("balance.title")}
      </h3>
      <p className="mt-1 text-sm break-words text-ink-700">
        {t(sent ? "balance.hintAgain" : "balance.hint", { email: order.shippingAddress.email })}
      </p>
      {problem && <Notice tone="problem">{problem}</Notice>}
      <button type="button" className="btn-primary mt-3" disabled={busy} onClick={() => void send()}>
        {busy ? t("balance.sending") : t(sent ? "balance.again" : "balance.send")}
      </button>
    </section>
  );
}
