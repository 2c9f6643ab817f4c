import { z } from "zod";
import { socialPostAnswer } from "../shop-api/social.ts";

/** GET /api/instagram?username&count (SPEC section 7): recent posts (1 to 12), or the shop's placeholders. */
export const socialPostList = z.array(socialPostAnswer);
