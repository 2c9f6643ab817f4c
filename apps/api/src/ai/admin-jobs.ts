import { type StudioJobsAnswer, type StudioJobsRequest, studioJobsRequest } from "@workshop/domain/staff-api/ai-studio.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { currentEngine } from "./engines.ts";
import { enhancementsFor } from "./requests.ts";

/** The query of GET /api/admin/studio-jobs: `product` a product id or absent (empty is absent); anything else a 400 naming it. */
export function studioJobsQuery(params: URLSearchParams): StudioJobsRequest {
  const given = Object.fromEntries([...params].filter(([, value]) => value !== ""));
  const parsed = studioJobsRequest.safeParse(given);
  if (parsed.success) return parsed.data;
  const wrong: Record<string, string> = {};
  for (const issue of parsed.error.issues) wrong[String(issue.path[0] ?? "query")] ??= issue.message;
  throw new AppError("invalid", `Wrong value: ${Object.keys(wrong).join(", ")}`, wrong);
}

/**
 * The jobs the console's panel lists (requests.ts enhancementsFor), and what the engine in use
 * makes, so the panel offers only that. An unknown product is a 404,
 * not an empty list: the panel is only shown on a product that exists, so an empty list would hide
 * a product deleted meanwhile behind "no jobs yet", and every console endpoint answers 404 for an
 * unknown id.
 */
export async function studioJobs({ product }: StudioJobsRequest, staffId: number): Promise<StudioJobsAnswer> {
  if (product !== undefined) {
    const db = await getDb();
    const found = await db.selectFrom("products").select("id").where("id", "=", product).executeTakeFirst();
    if (!found) throw new AppError("not_found", "Product not found");
  }
  const engine = currentEngine();
  return { jobs: await enhancementsFor(product ?? null, staffId), engine: { name: engine.name, ...engine.offers } };
}
