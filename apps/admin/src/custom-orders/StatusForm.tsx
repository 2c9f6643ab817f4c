import type { CustomOrderStatus } from "@workshop/domain/staff-api/custom-orders.ts";
import { useState } from "react";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { useCustomOrderNames } from "./names.ts";

/** Update Status: a move the status machine allows from here; cancelling asks first (it is final). */
export function StatusForm({
  status,
  moves,
  onMove,
}: {
  status: CustomOrderStatus;
  moves: CustomOrderStatus[];
  onMove: (next: CustomOrderStatus) => Promise<void>;
}) {
  const t = useT(customOrderTexts);
  const names = useCustomOrderNames();
  const [next, setNext] = useState<CustomOrderStatus | undefined>(moves[0]);
  const [busy, setBusy] = useState(false);
  const chosen = next && moves.includes(next) ? next : moves[0];

  if (!chosen) return <p className="mt-3 text-sm text-ink-700">{t("status.noMoves", { status: names.status(status) })}</p>;
  return (
    <form
      className="mt-3 space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (chosen === "CANCELLED" && !window.confirm(t("js.confirmCancel"))) return;
        setBusy(true);
        await onMove(chosen);
        setBusy(false);
      }}
    >
      <p className="text-sm">{t("status.current", { status: names.status(status) })}</p>
      <label className="block text-sm font-medium">
        {t("status.next")}
        <select
          value={chosen}
          onChange={(event) => setNext(event.target.value as CustomOrderStatus)}
          className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5"
        >
          {moves.map((m) => (
            <option key={m} value={m}>
              {names.status(m)}
            </option>
          ))}
        </select>
      </label>
      {moves.includes("CANCELLED") && <p className="text-xs text-ink-600">{t("status.cancelHint")}</p>}
      <button type="submit" className="btn-primary" disabled={busy}>
        {t("status.submit")}
      </button>
    </form>
  );
}
