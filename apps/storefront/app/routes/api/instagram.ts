import { parseCount, socialFeed } from "@workshop/api/social/instagram.ts";
import { shop } from "@workshop/domain/shop.ts";
import type { Route } from "./+types/instagram";

/** GET /api/instagram?username&count: recent posts, or local placeholders. Always 200. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const username = (query.get("username") ?? "").trim();
  const valid = /^[A-Za-z0-9._]{1,30}$/.test(username) ? username : shop.instagramHandle;
  const feed = await socialFeed(valid, parseCount(query.get("count")));
  return Response.json(feed.posts, { headers: { "X-Feed-Source": feed.source } });
}
