/**
 * Xendit's Payment Requests API v3 (docs/decisions/007), Payment Sessions API (009) and Refunds (014): the calls
 * the shop makes, typed with the fields it reads. Xendit itself or the simulator answers, whichever `baseUrl` names.
 */
type XenditAction = { type: string; descriptor: string; value: string };

export type XenditPaymentRequest = {
  payment_request_id: string;
  reference_id: string;
  latest_payment_id?: string | null;
  status:
    | "REQUIRES_ACTION"
    | "ACCEPTING_PAYMENTS"
    | "AUTHORIZED"
    | "PENDING"
    | "SUCCEEDED"
    | "FAILED"
    | "CANCELED"
    | "EXPIRED"
    | (string & {});
  request_amount: number;
  currency: string;
  channel_code: string;
  channel_properties?: Record<string, unknown>;
  actions?: XenditAction[];
  failure_code?: string | null;
};

export type XenditPayment = {
  payment_id: string;
  payment_request_id: string;
  reference_id: string;
  status: string;
  request_amount: number;
  currency: string;
  channel_code: string;
  captures?: { capture_id: string; capture_amount: number }[];
  failure_code?: string | null;
};

export type CreatePaymentRequest = {
  reference_id: string;
  type: "PAY";
  country: "ID";
  currency: "IDR";
  request_amount: number;
  channel_code: string;
  channel_properties: Record<string, unknown>;
  description?: string;
  metadata?: Record<string, string>;
};

/**
 * A Payment Session (POST /sessions, docs/decisions/009): Xendit's hosted checkout, used for cards.
 * The fields the shop sends and reads, as Xendit's API reference names them.
 */
export type XenditSession = {
  payment_session_id: string;
  reference_id: string;
  session_type: "PAY" | "SAVE" | "SUBSCRIPTION";
  mode: "PAYMENT_LINK" | "COMPONENTS";
  status: "ACTIVE" | "COMPLETED" | "EXPIRED" | "CANCELED" | (string & {});
  amount: number;
  currency: string;
  country: string;
  expires_at: string;
  payment_link_url: string | null;
  payment_request_id?: string | null;
  payment_id?: string | null;
};

export type CreateSession = {
  reference_id: string;
  session_type: "PAY";
  mode: "PAYMENT_LINK";
  amount: number;
  currency: "IDR";
  country: "ID";
  customer: {
    reference_id: string;
    type: "INDIVIDUAL";
    email?: string;
    mobile_number?: string;
    individual_detail: { given_names: string; surname?: string };
  };
  allowed_payment_channels: string[];
  capture_method: "AUTOMATIC";
  success_return_url: string;
  cancel_return_url: string;
  description?: string;
  metadata?: Record<string, string>;
};

/**
 * A refund, as Xendit's refund object names its fields
 * (https://docs.xendit.co/apidocs/refund-payment-request, "Refund object").
 */
export type XenditRefund = {
  id: string;
  payment_request_id: string | null;
  /** "To be deprecated" in the reference, still sent. */
  payment_id?: string | null;
  invoice_id?: string | null;
  amount: number;
  channel_code?: string | null;
  country?: string | null;
  currency: string;
  reference_id?: string | null;
  status: "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELLED" | (string & {});
  reason: RefundReason;
  /** ACCOUNT_ACCESS_BLOCKED, ACCOUNT_NOT_FOUND, DUPLICATE_ERROR, INSUFFICIENT_BALANCE, REFUND_FAILED. */
  failure_code?: string | null;
  refund_fee_amount?: number | null;
  metadata?: Record<string, unknown> | null;
  created: string;
  updated: string;
};

/** The refund `reason` enum of Xendit's reference. */
export const refundReasons = ["DUPLICATE", "FRAUDULENT", "REQUESTED_BY_CUSTOMER", "CANCELLATION", "OTHERS"] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * POST /refunds: `payment_request_id` and `reason` are required; without `amount` Xendit refunds
 * what is left of the payment. The shop always sends amount and currency (decision 014).
 */
export type CreateRefund = {
  payment_request_id: string;
  reference_id: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  metadata?: Record<string, string>;
};

/** A refusal or failure answered by Xendit, with its error code (API_VALIDATION_ERROR, …). */
export class XenditError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "XenditError";
    this.status = status;
    this.code = code;
  }
}

export type XenditClient = ReturnType<typeof xenditClient>;

const API_VERSION = "2024-11-11";
const TIMEOUT_MS = 10_000;

export function xenditClient({ baseUrl, secretKey }: { baseUrl: string; secretKey: string }) {
  const authorization = `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        // api-version belongs to the v3 Payments API; the Sessions API documents no such header.
        headers: {
          authorization,
          ...(path.startsWith("/v3/") ? { "api-version": API_VERSION } : {}),
          ...(body ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // The body too: a connection that breaks or times out halfway through the answer is Xendit not answering.
      text = await response.text();
    } catch (error) {
      throw new XenditError(503, "NETWORK_ERROR", `Xendit could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: reported below with the status.
    }
    if (!response.ok) {
      const e = (json ?? {}) as { error_code?: string; message?: string };
      throw new XenditError(response.status, e.error_code ?? "HTTP_ERROR", e.message ?? `Xendit answered ${response.status}`);
    }
    return json as T;
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    /** The idempotency key makes a repeated create (a retry after a lost answer) return the first request. */
    createPaymentRequest: (body: CreatePaymentRequest, idempotencyKey: string) =>
      call<XenditPaymentRequest>("POST", "/v3/payment_requests", body, { "idempotency-key": idempotencyKey }),
    getPaymentRequest: (paymentRequestId: string) => call<XenditPaymentRequest>("GET", `/v3/payment_requests/${id(paymentRequestId)}`),
    getPayment: (paymentId: string) => call<XenditPayment>("GET", `/v3/payments/${id(paymentId)}`),
    /** Stops a request that still waits for the customer (status CANCELED). */
    cancelPaymentRequest: (paymentRequestId: string) =>
      call<XenditPaymentRequest>("POST", `/v3/payment_requests/${id(paymentRequestId)}/cancel`, {}),
    /** A hosted checkout session (cards); its outcome comes by payment_session.* webhooks. */
    createSession: (body: CreateSession) => call<XenditSession>("POST", "/sessions", body),
    getSession: (sessionId: string) => call<XenditSession>("GET", `/sessions/${id(sessionId)}`),
    /** Ends an ACTIVE session: its payment link stops working. */
    cancelSession: (sessionId: string) => call<XenditSession>("POST", `/sessions/${id(sessionId)}/cancel`, {}),
    /**
     * Asks Xendit to send money back; the answer is PENDING and refund.succeeded / refund.failed
     * follows. The idempotency key (Xendit's SDKs send it as `idempotency-key`) makes a repeat
     * answer 409 DUPLICATE_ERROR instead of a second refund.
     */
    createRefund: (body: CreateRefund, idempotencyKey: string) =>
      call<XenditRefund>("POST", "/refunds", body, { "idempotency-key": idempotencyKey }),
    getRefund: (refundId: string) => call<XenditRefund>("GET", `/refunds/${id(refundId)}`),
    /** A payment request's refunds (GET /refunds, the SDKs' getAllRefunds): how a refund whose answer was lost is found by its reference id. */
    listRefunds: (paymentRequestId: string) =>
      call<{ data: XenditRefund[]; has_more?: boolean }>("GET", `/refunds?payment_request_id=${id(paymentRequestId)}`),
    /** Test mode only: pays a virtual account, store code or QR as a customer would. */
    simulatePayment: (paymentRequestId: string, amount?: number) =>
      call<{ status: string; message?: string }>(
        "POST",
        `/v3/payment_requests/${id(paymentRequestId)}/simulate`,
        amount === undefined ? {} : { amount },
      ),
  };
}
