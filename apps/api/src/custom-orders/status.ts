import { type CustomOrderStatus, customOrderStatuses } from "@workshop/domain/staff-api/custom-orders.ts";

/**
 * The custom request's status machine (decision 025). Staff move a request forward by hand; a
 * quote sent moves it to QUOTED and a paid deposit to IN_PROGRESS (their code calls
 * moveCustomOrder, move.ts). Pure: no database, no clock. A step may be skipped forward (a customer who accepts at once), never back:
 *
 *   NEW ──▶ CONTACTED ──▶ QUOTED ──▶ IN_PROGRESS ──▶ COMPLETED
 *    │  ╰──────────────┴─────────▲  (skips forward: NEW ▶ QUOTED, NEW/CONTACTED ▶ IN_PROGRESS)
 *    ▼
 *   CANCELLED ◀── from NEW, CONTACTED, QUOTED or IN_PROGRESS
 *
 *   COMPLETED and CANCELLED are final.
 */
export { type CustomOrderStatus, customOrderStatuses };

const moves: Record<CustomOrderStatus, readonly CustomOrderStatus[]> = {
  NEW: ["CONTACTED", "QUOTED", "IN_PROGRESS", "CANCELLED"],
  CONTACTED: ["QUOTED", "IN_PROGRESS", "CANCELLED"],
  QUOTED: ["IN_PROGRESS", "CANCELLED"],
  IN_PROGRESS: ["COMPLETED", "CANCELLED"],
  COMPLETED: [],
  CANCELLED: [],
};

export function isCustomOrderStatus(value: unknown): value is CustomOrderStatus {
  return typeof value === "string" && (customOrderStatuses as readonly string[]).includes(value);
}

/** Where a request in `from` may go; nothing from a final state (or an unknown one). */
export function customOrderMoves(from: string): readonly CustomOrderStatus[] {
  return isCustomOrderStatus(from) ? moves[from] : [];
}

export function canMoveCustomOrder(from: string, to: string): boolean {
  return isCustomOrderStatus(to) && customOrderMoves(from).includes(to);
}
