import type { CustomOrderStatus } from "@workshop/domain/staff-api/custom-orders.ts";
import { StatusPill, type Tone } from "@workshop/ui/StatusPill.tsx";
import { useCustomOrderNames } from "./names.ts";

// New asks for someone to answer; contacted and quoted wait for the customer; in progress is the workshop's.
const tones: Record<CustomOrderStatus, Tone> = {
  NEW: "new",
  CONTACTED: "waiting",
  QUOTED: "waiting",
  IN_PROGRESS: "working",
  COMPLETED: "done",
  CANCELLED: "neutral",
};

/** A request's status in the admin's language. */
export function CustomOrderStatusPill({ status }: { status: CustomOrderStatus }) {
  const { status: name } = useCustomOrderNames();
  return <StatusPill tone={tones[status]} label={name(status)} />;
}
