import type { AuditRecord } from "@workshop/domain/staff-api/audit.ts";
import { apiBase } from "#admin/api/client.ts";

/**
 * Where an audit row's record is seen: an order in the console's list, searched by its number
 * (until the order page moves here), staff in the console; the rest on the shop's admin pages.
 */
export function recordHref(record: AuditRecord): { href: string; here: boolean } | null {
  switch (record.type) {
    case "order":
      return record.name ? { href: `/admin/orders?q=${encodeURIComponent(record.name)}`, here: true } : null;
    case "staff":
      return { href: "/admin/staff", here: true };
    case "product":
      return { href: `${apiBase()}/admin/products/${encodeURIComponent(record.id)}`, here: false };
    case "message":
      return { href: `${apiBase()}/admin/inbox/${encodeURIComponent(record.id)}`, here: false };
    case "custom-order":
      return { href: `${apiBase()}/admin/custom-orders/${encodeURIComponent(record.id)}`, here: false };
  }
}
