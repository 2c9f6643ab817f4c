import { enhancementStatus, enqueueEnhancement, parseEnhanceRequest } from "@workshop/api/ai/requests.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/enhance-product-images";

/**
 * GET /api/ai/enhance-product-images?jobId=… (staff): a studio-photo job's state (SPEC 7
 * `{status, resultImages, prompt, error}`, plus engine, summary, progress and the results).
 */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  await requireStaffApi(request);
  const jobId = new URL(request.url).searchParams.get("jobId") ?? "";
  return Response.json(await enhancementStatus(jobId), { headers: { "Cache-Control": "no-store" } });
});

/**
 * POST /api/ai/enhance-product-images (staff, from the shop's own pages or with the staff token):
 * SPEC 7's payload; 202 `{jobId, status, prompt, sourceCount}` (and `cutOff`, the addresses over
 * ten left out). A photo that is not the shop's own, or bad input, is 400 `{error}`.
 */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  const actor = await requireStaffApi(request);
  if (request.method !== "POST") throw new AppError("invalid", "Use POST to start a job, GET to read one");
  const body = await request.json().catch(() => {
    throw new AppError("invalid", "The body must be JSON");
  });
  return Response.json(await enqueueEnhancement(parseEnhanceRequest(body), actor), { status: 202 });
});
