import type { AuditRecord } from "@workshop/domain/staff-api/audit.ts";

/** Where an audit row's record is seen in the console. */
export function recordHref(record: AuditRecord): string {
  const id = encodeURIComponent(record.id);
  switch (record.type) {
    case "order":
      return `/admin/orders/${id}`;
    case "staff":
      return "/admin/staff";
    case "product":
      return `/admin/products/${id}`;
    case "message":
      return `/admin/inbox/${id}`;
    case "custom-order":
      return `/admin/custom-orders/${id}`;
  }
}
