import { type ConsolePair, type Person, startConsolePair } from "./console-pair.ts";

export type { Person };
export type StudioShop = ConsolePair;

/**
 * An API and a console of their own with `people` as staff accounts, for the studio's tests, which
 * need an image engine the shared API has not (`env`: AI_IMAGE_API_URL and its key, or none for the
 * local engine), and room for many photos and jobs.
 */
export const startStudioShop = (people: Person[], env: Record<string, string> = {}): Promise<StudioShop> =>
  startConsolePair({
    people,
    env: {
      RATE_LIMIT_UPLOADS: "100000/60",
      RATE_LIMIT_MEDIA_SIZES: "100000/60",
      RATE_LIMIT_AI_JOBS: "100000/60",
      ...env,
    },
  });
