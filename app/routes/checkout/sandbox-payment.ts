import { data, redirect } from "react-router";
import { localePath, unlocalizedPath } from "../../../lib/locale.ts";
import { localeOf } from "../../../server/locale.ts";
import type { Route } from "./+types/sandbox-payment";
import { AppError } from "../../../server/errors.ts";
import { paymentsSandbox } from "../../../server/config.ts";
import { simulateSandboxOutcome } from "../../../server/checkout/sandbox-outcome.ts";

/**
 * Sandbox only: pays or fails the customer's pending virtual account, store or QR payment, as
 * paying at the bank or the till would. The page then sees the result by polling, as for real.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!paymentsSandbox()) throw data(null, { status: 404 });
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 500) : "";
  };
  const outcome = text("outcome");
  if (outcome !== "pay" && outcome !== "fail") return data({ error: "outcome must be pay or fail" }, { status: 400 });
  try {
    await simulateSandboxOutcome(request, text("paymentId"), outcome);
  } catch (error) {
    if (error instanceof AppError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  const back = text("returnTo");
  return redirect(localePath(localeOf(request), unlocalizedPath(back).startsWith("/checkout/") && !back.startsWith("//") ? back : "/checkout/payment"));
}
