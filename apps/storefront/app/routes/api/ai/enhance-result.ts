import { setResultState } from "@workshop/api/ai/requests.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import { z } from "zod";
import type { Route } from "./+types/enhance-result";

const bodySchema = z.strictObject({ state: z.enum(["new", "added", "discarded"]) });

/** POST /api/ai/enhance-product-images/results/:id (staff) `{state}`: a studio photo added to the product, discarded, or put back. */
export const action = jsonEndpoint(async ({ request, params }: Route.ActionArgs) => {
  const actor = await requireStaffApi(request);
  if (request.method !== "POST") throw new AppError("invalid", "Use POST");
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  if (id === null) throw new AppError("not_found", "No such studio photo");
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) throw new AppError("invalid", "state: must be new, added or discarded");
  await setResultState(id, parsed.data.state, actor);
  return Response.json({ id, state: parsed.data.state });
});

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405 });
}
