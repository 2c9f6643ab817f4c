import { imageUrl, srcSet } from "@workshop/domain/images.ts";
import type { ProductImage } from "@workshop/domain/product.ts";
import { useState } from "react";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";

type Props = {
  image: ProductImage | null;
  alt: string;
  /** The sizes attribute: how wide the picture shows at each viewport width. */
  sizes: string;
  /** The largest width worth offering. */
  maxWidth?: number;
  /** The page's main picture: loaded at once, with high priority. */
  priority?: boolean;
  className?: string;
};

/** A product photo as AVIF or WebP (JPEG for old browsers) in several widths; a placeholder when missing. */
export function ProductPhoto({ image, alt, sizes, maxWidth = 1280, priority = false, className = "" }: Props) {
  const t = useT(common);
  const [failed, setFailed] = useState(false);
  if (!image || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex aspect-square items-center justify-center bg-sand-100 text-sm text-ink-500 ${className}`}
      >
        {t(image ? "image.notFound" : "image.none")}
      </div>
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image.key, "avif", maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image.key, "webp", maxWidth)} sizes={sizes} />
      <img
        src={imageUrl(image.key, 640, "jpg")}
        srcSet={srcSet(image.key, "jpg", maxWidth)}
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
