/** The kinds of staff action the audit log knows; the admin filters by them. */
export const auditActions = [
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "password-changed",
  "staff-created",
  "staff-disabled",
  "staff-enabled",
  "staff-password-reset",
  "order-marked-paid",
  "order-payment-status",
  "order-status",
  "order-email",
  "order-note",
  "refund",
  "order-returned",
  "message-reply",
  "message-handled",
  "product-created",
  "product-updated",
  "product-hidden",
  "product-shown",
  "product-deleted",
  "photos-uploaded",
  "custom-order-status",
  "custom-order-notes",
  "custom-order-email",
  "studio-photos-requested",
  "studio-photo-added",
  "studio-photo-discarded",
  "studio-photo-new",
  "quote-sent",
  "quote-withdrawn",
  "order-balance-link",
  "exchange-rate-confirmed",
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (auditActions as readonly string[]).includes(value);
}
