import type { DashboardAnswer, OrderListAnswer } from "@workshop/domain/staff-api.ts";
import { dashboardCounts } from "./dashboard.ts";
import { dashboardMoney } from "./dashboard-money.ts";
import { type OrderListQuery, orderListPage } from "./order-list.ts";

/** The staff console's dashboard and orders list (packages/domain/src/staff-api.ts). */

/** GET /api/admin/dashboard: the work queues' counts and the money, on the workshop's clock. */
export async function adminDashboard(now: Date = new Date()): Promise<DashboardAnswer> {
  const [{ today, ...counts }, money] = await Promise.all([dashboardCounts(now), dashboardMoney(now)]);
  return { today, counts, money };
}

/** GET /api/admin/orders: one page of the list, each row as the contract has it (no phone; dates as ISO text). */
export async function adminOrderList(query: OrderListQuery, now: Date = new Date()): Promise<OrderListAnswer> {
  const { rows, pagination } = await orderListPage(query, now);
  return {
    rows: rows.map(({ phone: _phone, createdAt, returnedAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      returnedAt: returnedAt?.toISOString() ?? null,
    })),
    page: pagination.page,
    size: pagination.limit,
    total: pagination.total,
    pages: pagination.totalPages,
  };
}
