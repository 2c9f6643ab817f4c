import { config } from "../config.ts";

/** Without a Xendit key the shop runs its payments in sandbox mode (test card, /test-checkout). */
export function paymentsSandbox(): boolean {
  return !config().XENDIT_SECRET_KEY;
}
