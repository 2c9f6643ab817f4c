/** A social-media post as the home page's strip shows it (SPEC section 3). */
export type SocialPost = {
  id: string;
  media_url: string;
  permalink: string;
  caption: string;
  timestamp: string;
  username: string;
};

export const SOCIAL_STRIP_COUNT = 4;
