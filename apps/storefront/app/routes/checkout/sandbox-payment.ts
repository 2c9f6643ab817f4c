import { simulateSandboxOutcome } from "@workshop/api/checkout/sandbox-outcome.ts";
import { paymentsSandbox } from "@workshop/api/config.ts";
import { actionError } from "@workshop/api/errors.ts";
import { localePath, unlocalizedPath } from "@workshop/domain/locale.ts";
import { data, redirect } from "react-router";
import { localeOf } from "#app/web/locale.ts";
import type { Route } from "./+types/sandbox-payment";

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
    return actionError(error);
  }
  const back = text("returnTo");
  // A path of the checkout (in either language), in the URL's own characters (it becomes a header value).
  const path = unlocalizedPath(back);
  return redirect(localePath(localeOf(request), /^\/checkout\/[\x21-\x7e]*$/.test(path) ? path : "/checkout/payment"));
}
