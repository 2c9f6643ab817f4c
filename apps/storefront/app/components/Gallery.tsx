import type { ProductImage } from "@workshop/domain/product.ts";
import { useRef, useState } from "react";
import { catalog } from "#app/i18n/catalog.ts";
import { useT } from "#app/i18n/core.ts";
import { ChevronLeft, ChevronRight } from "./Icons";
import { ProductPhoto } from "./ProductPhoto";

/** Product photos: arrows that wrap around, arrow keys, swipe on touch screens, thumbnails 5 per row. */
export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const t = useT(catalog);
  const [index, setIndex] = useState(0);
  const touchStartX = useRef<number | null>(null);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowLeft") go(-1);
    else if (e.key === "ArrowRight") go(1);
    else return;
    e.preventDefault();
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const start = touchStartX.current;
    const end = e.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    go(end < start ? 1 : -1);
  };

  const arrow = "absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-ink-900 shadow-md transition hover:bg-white";
  return (
    <section aria-roledescription="carousel" aria-label={t("product.gallery", { name })} onKeyDown={onKeyDown}>
      <div
        className="relative overflow-hidden rounded-2xl bg-sand-100"
        onTouchStart={(e) => (touchStartX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={onTouchEnd}
      >
        <ProductPhoto
          key={index}
          image={images[index] ?? null}
          alt={images[index]?.alt || t("product.photo", { name, n: index + 1, total: Math.max(count, 1) })}
          sizes="(min-width: 1024px) 50vw, 100vw"
          priority={index === 0}
        />
        {count > 1 && (
          <>
            <button type="button" className={`${arrow} left-3`} onClick={() => go(-1)} aria-label={t("product.previousPhoto")}>
              <ChevronLeft />
            </button>
            <button type="button" className={`${arrow} right-3`} onClick={() => go(1)} aria-label={t("product.nextPhoto")}>
              <ChevronRight />
            </button>
            <p className="absolute bottom-3 right-3 rounded-full bg-ink-900/70 px-2.5 py-1 text-xs text-white" aria-live="polite">
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-3 grid grid-cols-5 gap-2 sm:gap-3">
          {images.map((img, i) => (
            <li key={img.key}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t("product.showPhoto", { n: i + 1 })}
                aria-current={i === index}
                className={`block w-full overflow-hidden rounded-lg border-2 ${i === index ? "border-ink-900" : "border-transparent opacity-75 hover:opacity-100"}`}
              >
                <ProductPhoto image={img} alt="" sizes="120px" maxWidth={320} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
