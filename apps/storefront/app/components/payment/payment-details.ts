import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { type PaymentRecord, storePaymentOf, virtualAccountOf } from "@workshop/domain/payment-record.ts";

/** The local views of SPEC 3: what the instructions page shows of a bank transfer or a store payment. */
type VirtualAccountView = {
  account_number: string;
  bank_code: string;
  bank_name: string;
  account_holder_name: string;
  expires_at: string | null;
};
type StoreView = { store_code: string; store: string; payment_code: string; customer_name: string; expires_at: string | null };

export type PaymentDetails = {
  virtualAccount: VirtualAccountView | null;
  store: StoreView | null;
  amount: number;
  currency: string;
  expiresAt: string | null;
};

/** 'BCA' from BCA, 'Bank Sahabat Sampoerna' from SAHABAT_SAMPOERNA; an unknown code as it is. */
function bankName(code: string): string {
  return paymentMethodByCode(code)?.name.replace(/ Virtual Account$/, "") ?? code;
}

export function detailsOf(record: PaymentRecord): PaymentDetails {
  const va = virtualAccountOf(record);
  const otc = storePaymentOf(record);
  const code = record.payment_method.channel_code;
  return {
    virtualAccount: va && {
      account_number: va.virtual_account_number,
      bank_code: code,
      bank_name: bankName(code),
      account_holder_name: va.customer_name,
      expires_at: va.expires_at,
    },
    store: otc && {
      store_code: code,
      store: paymentMethodByCode(code)?.name ?? code,
      payment_code: otc.payment_code,
      customer_name: otc.customer_name,
      expires_at: otc.expires_at,
    },
    amount: record.amount,
    currency: record.currency,
    expiresAt: record.payment_method.channel_properties.expires_at ?? null,
  };
}

/**
 * What a newer record adds (SPEC 4): account or code details not yet known are adopted, amount and
 * currency follow the answer, and so does the expiry when the answer has one.
 */
export function mergeDetails(known: PaymentDetails, record: PaymentRecord): PaymentDetails {
  const next = detailsOf(record);
  return {
    virtualAccount: known.virtualAccount ?? next.virtualAccount,
    store: known.store ?? next.store,
    amount: next.amount,
    currency: next.currency || known.currency,
    expiresAt: next.expiresAt ?? known.expiresAt,
  };
}
