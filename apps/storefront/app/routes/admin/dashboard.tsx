import { dashboardCounts } from "@workshop/api/desk/dashboard.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { data } from "react-router";
import { adminOrders } from "#app/i18n/admin-orders.ts";
import { useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/dashboard";

/** The admin's front page (/admin): what needs the workshop now, each count linking to its list. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
  try {
    return { counts: await dashboardCounts(), failed: false };
  } catch (error) {
    console.error("admin dashboard not loaded", error);
    return data({ counts: null, failed: true }, { status: 503 });
  }
}

type Tile = { key: string; label: string; hint: string; count: number; href: string; urgent?: boolean };

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT(adminOrders);
  const { counts, failed } = loaderData;
  if (failed || !counts) {
    return (
      <section>
        <title>{t("dashboard.title")}</title>
        <h1 className="text-2xl font-semibold">{t("dashboard.title")}</h1>
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t("dashboard.loadError")}</p>
          <a href="/admin" className="btn-secondary mt-3">
            {t("retry")}
          </a>
        </div>
      </section>
    );
  }
  const queue = (q: "awaiting-payment" | "to-make" | "to-ship" | "cash-expiring" | "flagged", urgent = false): Tile => ({
    key: q,
    label: t(`queue.${q}`),
    hint: t(`dashboard.${q}.hint`),
    count: counts[q],
    href: `/admin/orders?queue=${q}`,
    urgent,
  });
  const tiles: Tile[] = [
    {
      key: "new-today",
      label: t("dashboard.newToday"),
      hint: t("dashboard.newToday.hint"),
      count: counts.newToday,
      href: `/admin/orders?from=${counts.today}&to=${counts.today}`,
    },
    queue("awaiting-payment"),
    queue("to-make"),
    queue("to-ship"),
    queue("cash-expiring", true),
    queue("flagged", true),
    {
      key: "unread",
      label: t("dashboard.unread"),
      hint: t("dashboard.unread.hint"),
      count: counts.unreadMessages,
      href: "/admin/inbox",
    },
    {
      key: "new-custom",
      label: t("dashboard.newCustom"),
      hint: t("dashboard.newCustom.hint"),
      count: counts.newCustomOrders,
      href: "/admin/custom-orders?status=NEW",
    },
  ];
  return (
    <section>
      <title>{t("dashboard.title")}</title>
      <h1 className="text-2xl font-semibold">{t("dashboard.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("dashboard.intro", { date: counts.today })}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <a
              href={tile.href}
              className={`block h-full rounded-2xl border bg-white p-4 hover:border-ink-900 ${
                tile.urgent && tile.count > 0 ? "border-red-300" : "border-sand-200"
              }`}
            >
              <span className="block text-sm font-medium text-ink-700">{tile.label}</span>
              <span
                className={`mt-1 block text-3xl font-semibold tabular-nums ${tile.urgent && tile.count > 0 ? "text-red-800" : ""}`}
                data-count={tile.key}
              >
                {tile.count}
              </span>
              <span className="mt-1 block text-xs text-ink-600">{tile.hint}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
