import { type ExportFormat, exportFiles, exportFormats, productsExport } from "@workshop/api/catalog/export.ts";
import { config } from "@workshop/api/config.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/products-export";

/**
 * GET /api/products/export (staff): every product as a download, `products.js` (an ES module
 * exporting the SPEC 3 array) by default, or `?format=json` / `?format=csv`.
 */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  await requireStaffApi(request);
  const asked = new URL(request.url).searchParams.get("format") ?? "js";
  if (!(exportFormats as readonly string[]).includes(asked))
    throw new AppError("invalid", `Unknown format: use ${exportFormats.join(", ")}`);
  const format = asked as ExportFormat;
  let body: ReadableStream<Uint8Array>;
  try {
    body = await productsExport(format, config().publicUrl);
  } catch (error) {
    console.error("products export failed", error);
    throw new AppError("unavailable", "Failed to load products. Please try again later.");
  }
  const file = exportFiles[format];
  return new Response(body, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
