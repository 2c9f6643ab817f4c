/**
 * The v3 objects as Xendit returns them (the fields this sandbox fills), and the events it sends.
 * Field names are Xendit's, hence snake_case.
 */
export type PaymentRequestStatus = "REQUIRES_ACTION" | "SUCCEEDED" | "FAILED" | "CANCELED" | "EXPIRED";

export type Action = {
  type: "PRESENT_TO_CUSTOMER" | "REDIRECT_CUSTOMER";
  descriptor: "VIRTUAL_ACCOUNT_NUMBER" | "PAYMENT_CODE" | "QR_STRING" | "WEB_URL";
  value: string;
};

/** Channel specific: return URLs, expires_at, virtual_account_number, payment_code, … */
export type ChannelProperties = Record<string, unknown>;

export type PaymentRequest = {
  business_id: string;
  reference_id: string;
  payment_request_id: string;
  latest_payment_id: string | null;
  type: "PAY";
  country: "ID";
  currency: "IDR";
  request_amount: number;
  capture_method: "AUTOMATIC";
  channel_code: string;
  channel_properties: ChannelProperties;
  actions: Action[];
  status: PaymentRequestStatus;
  failure_code: string | null;
  description: string | null;
  metadata: Record<string, unknown> | null;
  created: string;
  updated: string;
};

type Capture = { capture_id: string; capture_amount: number; capture_timestamp: string };

export type Payment = {
  payment_id: string;
  business_id: string;
  reference_id: string;
  payment_request_id: string;
  type: "PAY";
  country: "ID";
  /** What was paid: normally the request's currency and amount; the control API can make them differ. */
  currency: string;
  request_amount: number;
  capture_method: "AUTOMATIC";
  channel_code: string;
  channel_properties: ChannelProperties;
  captures: Capture[];
  status: "SUCCEEDED" | "FAILED";
  payment_details: Record<string, unknown>;
  failure_code: string | null;
  metadata: Record<string, unknown> | null;
  created: string;
  updated: string;
};

/**
 * A Payment Session (POST /sessions) as Xendit's API reference shows it: the hosted checkout the
 * shop uses for cards. Only PAY sessions in PAYMENT_LINK mode are simulated.
 */
type PaymentSessionStatus = "ACTIVE" | "COMPLETED" | "EXPIRED" | "CANCELED";

export type PaymentSession = {
  payment_session_id: string;
  created: string;
  updated: string;
  reference_id: string;
  customer_id: string | null;
  session_type: "PAY";
  allow_save_payment_method: "DISABLED" | "OPTIONAL" | "FORCED";
  currency: "IDR";
  amount: number;
  country: "ID";
  mode: "PAYMENT_LINK";
  capture_method: "AUTOMATIC";
  channel_properties: Record<string, unknown>;
  allowed_payment_channels: string[];
  expires_at: string;
  locale: string;
  metadata: Record<string, unknown> | null;
  description: string | null;
  items: unknown[] | null;
  success_return_url: string | null;
  cancel_return_url: string | null;
  status: PaymentSessionStatus;
  payment_link_url: string;
  payment_token_id: string | null;
  payment_request_id: string | null;
  payment_id: string | null;
  business_id: string;
};

export const webhookEvents = [
  "payment.capture",
  "payment.failure",
  "payment_request.expiry",
  "payment_session.completed",
  "payment_session.expired",
] as const;

/** The refund webhooks (https://docs.xendit.co/apidocs/refund-webhook-notification). */
const refundEvents = ["refund.succeeded", "refund.failed"] as const;
export type WebhookEvent = (typeof webhookEvents)[number] | (typeof refundEvents)[number];

/** The JSON body of every webhook POST. */
export type WebhookBody = {
  event: WebhookEvent;
  business_id: string;
  created: string;
  data: Record<string, unknown>;
};

/** Xendit's v3 failure_code enum (reference §6); the control API accepts only these. */
export const failureCodes = [
  "ACCOUNT_ACCESS_BLOCKED",
  "INVALID_MERCHANT_SETTINGS",
  "INVALID_ACCOUNT_DETAILS",
  "PAYMENT_ATTEMPT_COUNTS_EXCEEDED",
  "USER_DEVICE_UNREACHABLE",
  "CHANNEL_UNAVAILABLE",
  "INSUFFICIENT_BALANCE",
  "ACCOUNT_NOT_ACTIVATED",
  "INVALID_TOKEN",
  "SERVER_ERROR",
  "PARTNER_TIMEOUT_ERROR",
  "TIMEOUT_ERROR",
  "USER_DECLINED_PAYMENT",
  "USER_DID_NOT_AUTHORIZE",
  "PAYMENT_REQUEST_EXPIRED",
  "FAILURE_DETAILS_UNAVAILABLE",
  "EXPIRED_OTP",
  "INVALID_OTP",
  "PAYMENT_AMOUNT_LIMITS_EXCEEDED",
  "OTP_ATTEMPT_COUNTS_EXCEEDED",
  "CARD_DECLINED",
  "DECLINED_BY_ISSUER",
  "ISSUER_UNAVAILABLE",
  "INVALID_CVV",
  "DECLINED_BY_PROCESSOR",
  "CAPTURE_AMOUNT_EXCEEDED",
  "AUTHENTICATION_FAILED",
  "PROCESSOR_ERROR",
  "EXPIRED_CARD",
  "STOLEN_CARD",
  "INACTIVE_OR_UNAUTHORIZED_CARD",
  "INVALID_MERCHANT_CREDENTIALS",
  "SUSPECTED_FRAUDULENT",
] as const;

/**
 * A refund (POST /refunds), with the fields of Xendit's refund object
 * (https://docs.xendit.co/apidocs/refund-payment-request): `payment_id`, `invoice_id` and
 * `payment_method_type` are marked "to be deprecated" there but still sent, as in the webhook examples.
 */
export type RefundStatus = "PENDING" | "SUCCEEDED" | "FAILED";

export type Refund = {
  id: string;
  payment_request_id: string;
  payment_id: string | null;
  invoice_id: null;
  payment_method_type: "CARD" | "EWALLET" | "DIRECT_DEBIT" | null;
  amount: number;
  channel_code: string;
  country: "ID";
  currency: string;
  reference_id: string | null;
  status: RefundStatus;
  reason: string;
  failure_code: string | null;
  refund_fee_amount: number | null;
  created: string;
  updated: string;
  metadata: Record<string, unknown> | null;
};

/** The refund `reason` enum of the reference. */
export const refundReasons = ["FRAUDULENT", "DUPLICATE", "REQUESTED_BY_CUSTOMER", "CANCELLATION", "OTHERS"] as const;

/** The refund object's `failure_code` enum of the reference; the control API accepts only these. */
export const refundFailureCodes = [
  "ACCOUNT_ACCESS_BLOCKED",
  "ACCOUNT_NOT_FOUND",
  "DUPLICATE_ERROR",
  "INSUFFICIENT_BALANCE",
  "REFUND_FAILED",
] as const;
