import { imageUrl, srcSet } from "@workshop/domain/images.ts";
import { useState } from "react";
import { preload } from "react-dom";

type Props = {
  /** The photo's key in storage, and its size in pixels when known. */
  image: { key: string; width?: number; height?: number } | null;
  alt: string;
  /** What shows in place of a photo: none was given, or it would not load (in the page's language). */
  missing: { none: string; notFound: string };
  /** Where /media is served: the API's origin on another site than the page (the console); else the page's own. */
  origin?: string;
  /** The sizes attribute: how wide the picture shows at each viewport width. */
  sizes: string;
  /** The largest width worth offering. */
  maxWidth?: number;
  /** The page's main picture: loaded at once, with high priority. */
  priority?: boolean;
  className?: string;
};

/** A product photo as AVIF or WebP (JPEG for old browsers) in several widths; a placeholder when missing. */
export function ProductPhoto({ image, alt, missing, origin = "", sizes, maxWidth = 1280, priority = false, className = "" }: Props) {
  const [failed, setFailed] = useState(false);
  // Each candidate of a srcset ("/media/… 320w") on the media's origin.
  const at = (set: string) => (origin ? set.replace(/(^|, )\//g, `$1${origin}/`) : set);
  if (!image || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex aspect-square items-center justify-center bg-sand-100 text-sm text-ink-500 ${className}`}
      >
        {image ? missing.notFound : missing.none}
      </div>
    );
  }
  // A picture's source is only known once the page's head is read: a preload in the head, in the
  // format a browser picks first, starts the main picture's download before the page's scripts.
  if (priority) {
    preload(`${origin}${imageUrl(image.key, 640, "avif")}`, {
      as: "image",
      type: "image/avif",
      imageSrcSet: at(srcSet(image.key, "avif", maxWidth)),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={at(srcSet(image.key, "avif", maxWidth))} sizes={sizes} />
      <source type="image/webp" srcSet={at(srcSet(image.key, "webp", maxWidth))} sizes={sizes} />
      <img
        src={`${origin}${imageUrl(image.key, 640, "jpg")}`}
        srcSet={at(srcSet(image.key, "jpg", maxWidth))}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        onError={() => setFailed(true)}
        className={`aspect-square w-full object-cover ${className}`}
      />
    </picture>
  );
}
