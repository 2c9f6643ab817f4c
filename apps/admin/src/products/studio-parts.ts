import { type ImageWidth, imageUrl } from "@workshop/domain/images.ts";
import { apiBase } from "../api/client.ts";
import type { aiStudioTexts } from "../i18n/ai-studio.ts";
import type { useT } from "../i18n/use-t.ts";

/** What the studio panel's parts share: its texts' translator, its small buttons, its photos' addresses. */
export type Tr = ReturnType<typeof useT<keyof (typeof aiStudioTexts)["en"] & string>>;

export const small = "rounded-lg border border-sand-300 bg-white px-3 py-1.5 text-sm hover:bg-sand-100 disabled:opacity-40";

/** A photo of the shop's storage as the console shows it: from the API's origin. */
export const photoSrc = (key: string, width: ImageWidth) => `${apiBase()}${imageUrl(key, width, "jpg")}`;
