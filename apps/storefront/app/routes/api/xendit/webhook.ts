import { receiveWebhook } from "@workshop/api/payments/webhooks.ts";
import type { Route } from "./+types/webhook";

/** POST /api/xendit/webhook: checked, stored and answered at once; a job applies it. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const raw = await request.text();
  const answer = await receiveWebhook(request.headers.get("x-callback-token"), raw, request.headers.get("webhook-id"));
  return Response.json(answer.body, { status: answer.status });
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
