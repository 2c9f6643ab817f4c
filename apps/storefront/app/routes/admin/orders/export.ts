import { pageQuery } from "@workshop/api/desk/order-list.ts";
import { exportFileName, ordersCsv } from "@workshop/api/desk/orders-csv.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminOrders } from "#app/i18n/admin-orders.ts";
import { translator } from "#app/i18n/core.ts";
import type { Route } from "./+types/export";

/**
 * GET /admin/orders.csv?<the list's filters>: every matching order as a CSV file (staff only),
 * the same filters and search as the list, page and page size aside.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaffPage(request);
  const query = pageQuery(new URL(request.url).searchParams);
  try {
    const body = await ordersCsv(query, user.locale);
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName()}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    console.error("orders export failed", error);
    return new Response(translator(adminOrders, user.locale)("exportError"), {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
}
