/**
 * What the shop tells a browser about one payment attempt: the Payment record of SPEC section 3, as
 * GET /api/xendit/payment-status answers it and as the QR, instructions, success and failed pages
 * read it. It carries no customer details beyond the name printed on a bank or store slip.
 */
export const providerStatuses = ["PENDING", "SUCCEEDED", "FAILED", "EXPIRED", "CANCELLED"] as const;
export type ProviderStatus = (typeof providerStatuses)[number];

export type VirtualAccountProperties = { virtual_account_number: string; customer_name: string; expires_at: string | null };
export type StoreProperties = { payment_code: string; customer_name: string; expires_at: string | null };

export type PaymentRecord = {
  /** Xendit's payment request id (pr-…): the payment id the pages and the API speak of. */
  id: string;
  /** The order id. */
  reference_id: string;
  /** Whole rupiah for IDR. */
  amount: number;
  currency: string;
  status: ProviderStatus;
  /** Xendit's failure code (e.g. CARD_DECLINED), CANCELLED for a cancelled payment, else null. */
  failure_reason: string | null;
  payment_method: {
    /** VIRTUAL_ACCOUNT, OVER_THE_COUNTER, QR_CODE, EWALLET, PAYLATER or CARD. */
    type: string;
    /** The bank (BCA, …) for a virtual account, the store (INDOMARET, ALFAMART) over the counter, else the method code. */
    channel_code: string;
    channel_properties: VirtualAccountProperties | StoreProperties | { expires_at: string | null };
  };
};

/** GET /api/xendit/payment-status: `success` false with an `error` text when nothing was found. */
export type PaymentStatusResponse =
  | { success: true; payment: PaymentRecord; error: null; status: ProviderStatus }
  | { success: false; payment: null; error: string; status: null };

export function virtualAccountOf(record: PaymentRecord): VirtualAccountProperties | null {
  const p = record.payment_method.channel_properties;
  return record.payment_method.type === "VIRTUAL_ACCOUNT" && "virtual_account_number" in p ? p : null;
}

export function storePaymentOf(record: PaymentRecord): StoreProperties | null {
  const p = record.payment_method.channel_properties;
  return record.payment_method.type === "OVER_THE_COUNTER" && "payment_code" in p ? p : null;
}
