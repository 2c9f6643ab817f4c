import { z } from "zod";
import { SOCIAL_STRIP_COUNT } from "../social.ts";

/** A post of the home page's social strip (../social.ts SocialPost): Instagram's, or one of the shop's placeholders. */
export const socialPostAnswer = z.object({
  id: z.string(),
  /** An https:// photo (Instagram's) or a placeholder of the shop's own (/images/instagram/…). */
  media_url: z.string().refine((url) => url.startsWith("https://") || url.startsWith("/images/")),
  permalink: z.string(),
  caption: z.string(),
  timestamp: z.string(),
  username: z.string(),
});

/** GET /api/shop/social: the strip's recent posts (the shop's placeholders without Instagram, or when it fails). */
export const socialFeedAnswer = z.object({ posts: z.array(socialPostAnswer).max(SOCIAL_STRIP_COUNT) });
