import { type ShopSettings, shopSettingsAnswer } from "@workshop/domain/shop-api/shop.ts";
import { apiGet, refuseOtherApi } from "./client.server.ts";

/**
 * How the shop runs (GET /api/shop/settings), asked once a minute at most: every page shows it
 * (the sandbox banner), and it changes only when the API restarts with other settings.
 */
const KEEP_MS = 60_000;
let kept: { settings: ShopSettings; at: number } | null = null;

export async function shopSettings(request: Request): Promise<ShopSettings> {
  // Every page asks for these first: a page that calls nothing else is refused here too.
  refuseOtherApi(request);
  if (kept && Date.now() - kept.at < KEEP_MS) return kept.settings;
  const settings = await apiGet(request, "/api/shop/settings", shopSettingsAnswer);
  kept = { settings, at: Date.now() };
  return settings;
}
