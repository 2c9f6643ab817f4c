import { storage } from "#server/media/storage.ts";

const originalExtensions = ["jpg", "jpeg", "png", "webp", "gif"];

/** The original photo's key in storage for a stem (`<stem>.<ext>`), or null when there is none. */
export async function originalKeyOf(stem: string): Promise<string | null> {
  for (const ext of originalExtensions) {
    const key = `${stem}.${ext}`;
    if (await storage().exists(key)) return key;
  }
  return null;
}
