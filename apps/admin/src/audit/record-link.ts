import type { AuditRecord } from "@workshop/domain/staff-api/audit.ts";
import { apiBase } from "#admin/api/client.ts";

/**
 * Where an audit row's record is seen: an order, a custom request and staff in the console; the
 * rest on the shop's admin pages.
 */
export function recordHref(record: AuditRecord): { href: string; here: boolean } | null {
  switch (record.type) {
    case "order":
      return { href: `/admin/orders/${encodeURIComponent(record.id)}`, here: true };
    case "staff":
      return { href: "/admin/staff", here: true };
    case "product":
      return { href: `${apiBase()}/admin/products/${encodeURIComponent(record.id)}`, here: false };
    case "message":
      return { href: `${apiBase()}/admin/inbox/${encodeURIComponent(record.id)}`, here: false };
    case "custom-order":
      return { href: `/admin/custom-orders/${encodeURIComponent(record.id)}`, here: true };
  }
}
