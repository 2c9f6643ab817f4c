import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useLocalePath } from "#app/components/localized.tsx";
import { type PaymentPageState, pageStateOf, successUrl } from "./payment-state";
import { paymentTiming } from "./timing";
import { usePaymentPolling } from "./usePaymentPolling";

type Options = {
  orderId: string;
  paymentId: string;
  /** The record the page was rendered with; a newer one from the loader (after a reload or a sandbox action) is taken in too. */
  record: PaymentRecord;
  methodName: string;
  intervalMs: number;
  /** Every record that arrives (polled, checked by hand, or from the loader). */
  onRecord?: (record: PaymentRecord) => void;
  /** The time to pay had already run out when the page was loaded. */
  startExpired?: boolean;
};

/**
 * The state of a payment page: pending until the provider says otherwise or the time runs out.
 * Polls while pending; on success goes to the success page, after 2 s when polling found it and at
 * once after a manual check. A state other than pending never goes back.
 */
export function usePaymentWatch({ orderId, paymentId, record, methodName, intervalMs, onRecord, startExpired = false }: Options) {
  const navigate = useNavigate();
  const lp = useLocalePath();
  const [state, setState] = useState<PaymentPageState>(() => {
    const initial = pageStateOf(record.status);
    return initial === "pending" && startExpired ? "expired" : initial;
  });
  const [lastManual, setLastManual] = useState<"pending" | "unavailable" | null>(null);
  const stateRef = useRef(state);
  const redirectTimer = useRef<number | undefined>(undefined);

  const goToSuccess = useCallback(() => {
    void navigate(lp(successUrl(orderId, paymentId)), { state: { orderId, paymentId, paymentMethod: methodName } });
  }, [navigate, lp, orderId, paymentId, methodName]);

  const take = useCallback(
    (next: PaymentRecord, manual: boolean) => {
      onRecord?.(next);
      if (stateRef.current !== "pending") return;
      const nextState = pageStateOf(next.status);
      if (nextState === "pending") return;
      stateRef.current = nextState;
      setState(nextState);
      if (nextState !== "succeeded") return;
      if (manual) goToSuccess();
      else redirectTimer.current = window.setTimeout(goToSuccess, paymentTiming.successRedirectMs);
    },
    [onRecord, goToSuccess],
  );

  const { checkNow, checking } = usePaymentPolling({
    paymentId,
    orderId,
    intervalMs,
    active: state === "pending",
    onRecord: (r) => take(r, false),
  });

  // A fresh record from the loader (the page was revalidated): only a new record, not a new `take`.
  const takeRef = useRef(take);
  useEffect(() => {
    takeRef.current = take;
  });
  useEffect(() => takeRef.current(record, true), [record]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const expire = useCallback(() => {
    if (stateRef.current !== "pending") return;
    stateRef.current = "expired";
    setState("expired");
  }, []);

  const check = useCallback(async () => {
    setLastManual(null);
    const next = await checkNow();
    if (next) take(next, true);
    setLastManual(next ? (pageStateOf(next.status) === "pending" ? "pending" : null) : "unavailable");
  }, [checkNow, take]);

  return { state, expire, check, checking, lastManual };
}
