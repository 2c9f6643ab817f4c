/** Widths the shop renders every product photo at; the browser picks one through srcset. */
export const imageWidths = [320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof imageWidths)[number];
export const imageFormats = ["avif", "webp", "jpg"] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** URL of one variant of a stored image. */
export function imageUrl(key: string, width: ImageWidth, format: ImageFormat): string {
  return `/media/${width}/${key.replace(/\.[a-z0-9]+$/i, "")}.${format}`;
}

export function srcSet(key: string, format: ImageFormat, maxWidth: number): string {
  return imageWidths
    .filter((w) => w <= maxWidth)
    .map((w) => `${imageUrl(key, w, format)} ${w}w`)
    .join(", ");
}
