import type { Page } from "playwright-core";
import { expect } from "vitest";
import { paymentTiming } from "#app/components/payment/timing.ts";

const onSuccessPage = (page: Page) => /\/checkout\/success\?/.test(page.url());

/**
 * A payment page (QR or instructions) polls its status every `intervalMs`; on a clock the test can
 * move (`page.clock.install()` before the page loads; time still flows), its next automatic check
 * comes at once when the shop at `base` already reports `status`, instead of being sat out.
 */
export async function atNextPoll(page: Page, base: string, status: "SUCCEEDED" | "FAILED", intervalMs: number) {
  const paymentId = new URL(page.url()).searchParams.get("payment_id")!;
  const url = `${base}/api/xendit/payment-status?paymentId=${encodeURIComponent(paymentId)}`;
  await expect.poll(async () => ((await (await page.request.get(url)).json()) as { status: unknown }).status).toBe(status);
  await page.clock.fastForward(intervalMs);
}

/**
 * The page's next check finds the payment paid (atNextPoll), and its pause before the success page
 * is skipped too; the page still finds the payment and moves on by itself.
 */
export async function paidAtNextPoll(page: Page, base: string, intervalMs: number) {
  await atNextPoll(page, base, "SUCCEEDED", intervalMs);
  // The poll's answer shows in the banner and starts the pause before the success page (on a slow
  // machine a check of its own may have found it first, and the page moved on already).
  const succeeded = page.locator("[role=status][data-state=succeeded]");
  await expect.poll(async () => onSuccessPage(page) || (await succeeded.count()) > 0).toBe(true);
  if (!onSuccessPage(page)) await page.clock.fastForward(paymentTiming.successRedirectMs);
}
