import { instagramUrl, shop } from "@workshop/domain/shop.ts";
import { SOCIAL_STRIP_COUNT, type SocialPost } from "@workshop/domain/social.ts";
import { z } from "zod";
import { readCached, writeCached } from "#server/cache/shared-cache.ts";
import { config } from "#server/config.ts";

const CACHE_SECONDS = 3600;
const TIMEOUT_MS = 3000;
const MAX_COUNT = 12;

const graphAnswer = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      caption: z.string().optional(),
      media_type: z.string().optional(),
      media_url: z.string().optional(),
      thumbnail_url: z.string().optional(),
      permalink: z.string(),
      timestamp: z.string(),
      username: z.string().optional(),
    }),
  ),
});

export type SocialFeed = { posts: SocialPost[]; source: "instagram" | "cache" | "fallback" };

/** The local placeholder posts: shown without an access token or when Instagram fails. */
function fallbackPosts(username: string, count: number): SocialPost[] {
  const captions = [
    "Fresh from the loom: palm-leaf sun hats drying in the Ubud light.",
    "Every brim is shaped by hand on our wooden blocks.",
    "A wide-brim straw hat for long beach days.",
    "Bands and trims, chosen one by one for each order.",
  ];
  return captions.slice(0, Math.min(count, SOCIAL_STRIP_COUNT)).map((caption, i) => ({
    id: `placeholder-${i + 1}`,
    media_url: `/images/instagram/${i + 1}.jpg`,
    permalink: instagramUrl,
    caption,
    timestamp: new Date(Date.UTC(2026, 0, 10 - i)).toISOString(),
    username,
  }));
}

/** Reads the clamped post count from a query value: 1..12, default 4. */
export function parseCount(text: string | null): number {
  const n = text && /^\d{1,3}$/.test(text) ? Number(text) : SOCIAL_STRIP_COUNT;
  return Math.min(Math.max(n, 1), MAX_COUNT);
}

/**
 * Recent posts from the Instagram Graph API (cached in the database for an hour), or the
 * placeholder posts when no token is configured or anything fails. Never throws.
 */
export async function socialFeed(username: string = shop.instagramHandle, count: number = SOCIAL_STRIP_COUNT): Promise<SocialFeed> {
  const token = config().INSTAGRAM_ACCESS_TOKEN;
  if (!token) return { posts: fallbackPosts(username, count), source: "fallback" };
  const cacheKey = `instagram:${username}:${count}`;
  try {
    const cached = await readCached<SocialPost[]>(cacheKey);
    if (cached) return { posts: cached, source: "cache" };
    const posts = await fetchPosts(token, count);
    await writeCached(cacheKey, posts, CACHE_SECONDS);
    return { posts, source: "instagram" };
  } catch (error) {
    console.warn(`Instagram feed unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return { posts: fallbackPosts(username, count), source: "fallback" };
  }
}

async function fetchPosts(token: string, count: number): Promise<SocialPost[]> {
  const url = new URL("/me/media", config().INSTAGRAM_API_URL);
  url.searchParams.set("fields", "id,caption,media_type,media_url,thumbnail_url,permalink,timestamp,username");
  url.searchParams.set("limit", String(count));
  url.searchParams.set("access_token", token);
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`Instagram answered ${response.status}`);
  const body = graphAnswer.parse(await response.json());
  return body.data
    .map((p) => ({
      id: p.id,
      // Videos have a thumbnail to show instead of the video file.
      media_url: (p.media_type === "VIDEO" ? p.thumbnail_url : p.media_url) ?? "",
      permalink: p.permalink,
      caption: p.caption ?? "",
      timestamp: p.timestamp,
      username: p.username ?? shop.instagramHandle,
    }))
    .filter((p) => p.media_url.startsWith("https://"))
    .slice(0, count);
}
