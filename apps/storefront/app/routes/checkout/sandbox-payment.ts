import { localePath, unlocalizedPath } from "@workshop/domain/locale.ts";
import { sandboxPaymentAnswer } from "@workshop/domain/shop-api/payments.ts";
import { data, redirect } from "react-router";
import { ApiRefusal, apiCall } from "#app/api/client.server.ts";
import { localeOf } from "#app/web/locale.ts";
import type { Route } from "./+types/sandbox-payment";

/**
 * Sandbox only: pays or fails the customer's pending virtual account, store or QR payment, as
 * paying at the bank or the till would (the API refuses outside its sandbox: this page's 404).
 * The page then sees the result by polling, as for real.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 500) : "";
  };
  try {
    await apiCall(request, "/api/shop/checkout/sandbox-payment", {
      method: "POST",
      body: { paymentId: text("paymentId"), outcome: text("outcome") },
      answer: sandboxPaymentAnswer,
    });
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return data({ error: error.message }, { status: error.status });
  }
  const back = text("returnTo");
  // A path of the checkout (in either language), in the URL's own characters (it becomes a header value).
  const path = unlocalizedPath(back);
  return redirect(localePath(localeOf(request), /^\/checkout\/[\x21-\x7e]*$/.test(path) ? path : "/checkout/payment"));
}
