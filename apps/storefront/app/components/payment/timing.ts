/** How often the payment pages ask for the status, and how long they wait before moving on (SPEC 9). */
export const paymentTiming = {
  qrPollMs: 3_000,
  instructionsPollMs: 10_000,
  /** After automatic polling finds the payment succeeded; a manual check moves on at once. */
  successRedirectMs: 2_000,
  copiedMs: 2_000,
} as const;
