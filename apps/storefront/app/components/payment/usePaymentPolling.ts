import type { PaymentRecord, PaymentStatusResponse } from "@workshop/domain/payment-record.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { usePageVisible } from "./usePageVisible";

type Ids = { paymentId?: string | null; orderId?: string | null };

type Options = Ids & {
  intervalMs: number;
  /** Polling runs only while true (the payment is still pending). */
  active: boolean;
  /** Each record an automatic check brings. */
  onRecord: (record: PaymentRecord) => void;
};

/** GET /api/xendit/payment-status for a payment id, else an order id; null without either. */
export function paymentStatusUrl({ paymentId, orderId }: Ids): string | null {
  if (paymentId) return `/api/xendit/payment-status?paymentId=${encodeURIComponent(paymentId)}`;
  if (orderId) return `/api/xendit/payment-status?orderId=${encodeURIComponent(orderId)}`;
  return null;
}

/** One status request: the record, or null for anything else (a non-OK answer is ignored, errors only logged: SPEC 8). */
async function fetchRecord(url: string, signal: AbortSignal): Promise<PaymentRecord | null> {
  try {
    const response = await fetch(url, { signal, cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as PaymentStatusResponse;
    return body.success && typeof body.payment?.status === "string" ? body.payment : null;
  } catch (error) {
    if (!signal.aborted) console.warn("Payment status check failed", error);
    return null;
  }
}

/**
 * Asks for the payment's status every `intervalMs` while `active` and the page is visible; a tab
 * that comes back into view is checked at once. Everything stops on unmount. `checkNow()` is the
 * manual check: it resolves to the record (null when the answer was not usable).
 */
export function usePaymentPolling({ paymentId, orderId, intervalMs, active, onRecord }: Options) {
  const url = paymentStatusUrl({ paymentId, orderId });
  const visible = usePageVisible();
  const [checking, setChecking] = useState(false);
  const onRecordRef = useRef(onRecord);
  const wasHidden = useRef(false);
  const unmounted = useRef<AbortController | null>(null);

  useEffect(() => {
    onRecordRef.current = onRecord;
  });

  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!visible) wasHidden.current = true;
    if (!active || !visible || !url) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = async () => {
      const record = await fetchRecord(url, controller.signal);
      if (controller.signal.aborted) return;
      if (record) onRecordRef.current(record);
      timer = window.setTimeout(poll, intervalMs);
    };
    // Back from a hidden tab: look at once, the payment may have arrived meanwhile.
    timer = window.setTimeout(poll, wasHidden.current ? 0 : intervalMs);
    wasHidden.current = false;
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [active, visible, url, intervalMs]);

  const checkNow = useCallback(async (): Promise<PaymentRecord | null> => {
    const signal = unmounted.current?.signal;
    if (!url || !signal) return null;
    setChecking(true);
    try {
      return await fetchRecord(url, signal);
    } finally {
      if (!signal.aborted) setChecking(false);
    }
  }, [url]);

  return { checkNow, checking };
}
