import { refundTone } from "@workshop/ui/order-status-tone.ts";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { useRefundLabels } from "./refund-labels.ts";

/** Beside an order's status and payment pills: its money after refunds and its returned mark, when it has them. */
export function RefundPills({ refundState, returnedAt }: { refundState: string | null; returnedAt: string | null }) {
  const label = useRefundLabels();
  return (
    <>
      {refundState && <StatusPill tone={refundTone(refundState)} label={label.state(refundState)} />}
      {returnedAt && <StatusPill tone={refundTone("RETURNED")} label={label.state("RETURNED")} />}
    </>
  );
}
