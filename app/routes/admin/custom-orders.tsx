import { admin } from "#app/i18n/admin.ts";
import { useT } from "#app/i18n/core.ts";
import { requireStaffPage } from "#server/staff/guard.ts";
import type { Route } from "./+types/custom-orders";

/** The Custom Orders tab: requests arrive once the custom order page takes them. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
  return null;
}

export default function AdminCustomOrders() {
  const t = useT(admin);
  return (
    <section>
      <title>{t("tab.customOrders")}</title>
      <h1 className="text-2xl font-semibold">{t("tab.customOrders")}</h1>
      <p className="mt-4 text-ink-700">{t("customOrders.empty")}</p>
    </section>
  );
}
