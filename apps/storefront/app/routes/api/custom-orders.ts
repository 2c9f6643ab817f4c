import { listCustomOrders } from "@workshop/api/custom-orders/admin-view.ts";
import { invalidInput } from "@workshop/api/custom-orders/invalid-input.ts";
import { customOrderStatuses, isCustomOrderStatus } from "@workshop/api/custom-orders/status.ts";
import { submitCustomOrder } from "@workshop/api/custom-orders/submit.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { preferredLocale } from "@workshop/api/locale.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import type { Route } from "./+types/custom-orders";

/**
 * GET /api/custom-orders?page&limit&status (staff): newest first, {customOrders, pagination} in
 * SPEC 3's admin view; `status` (NEW, CONTACTED, QUOTED, IN_PROGRESS, COMPLETED, CANCELLED) keeps only those.
 */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  await requireStaffApi(request);
  const params = new URL(request.url).searchParams;
  const page = wholeNumber(params.get("page"), 1, 1, 100_000);
  const limit = wholeNumber(params.get("limit"), 10, 1, 100);
  const status = params.get("status") || undefined;
  if (status !== undefined && !isCustomOrderStatus(status))
    throw new AppError("invalid", `status must be one of ${customOrderStatuses.join(", ")}`);
  return Response.json(await listCustomOrders(page, limit, status), { headers: { "Cache-Control": "no-store" } });
});

/**
 * POST /api/custom-orders (public): SPEC 7's payload, `referenceImages` the ids that
 * POST /api/custom-orders/uploads answered → 201 {id}; bad input → 400 {error}.
 */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new AppError("invalid", "Use POST to send a custom order request");
  const body = await request.json().catch(() => {
    throw new AppError("invalid", "The body must be JSON");
  });
  const parsed = customOrderSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const id = await submitCustomOrder(parsed.data, await preferredLocale(request));
  return Response.json({ id }, { status: 201 });
});

function wholeNumber(text: string | null, fallback: number, min: number, max: number): number {
  if (text === null || text === "") return fallback;
  if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new AppError("invalid", `page and limit must be whole numbers (limit ${min}–${max})`);
  }
  return Number(text);
}
