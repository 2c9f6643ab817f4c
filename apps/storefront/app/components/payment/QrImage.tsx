import { useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";

/**
 * The QR code as an image, or 'QR Code not available' in its place when it does not load. The
 * image can fail before the page is hydrated (its error event is then missed), so the first run
 * in the browser also looks at whether it ended up empty.
 */
export function QrImage({ src, alt, dimmed = false }: { src: string; alt: string; dimmed?: boolean }) {
  const t = useT(payments);
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src is the trigger to check the image again
  useEffect(() => {
    setFailed(false);
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);

  if (failed) {
    return (
      <div className="flex aspect-square w-full items-center justify-center rounded-xl border-2 border-dashed border-sand-300 bg-sand-50 p-6 text-center text-ink-500">
        <p className="font-medium">{t("qr.imageMissing")}</p>
      </div>
    );
  }
  return (
    <img
      ref={image}
      src={src}
      alt={alt}
      width={256}
      height={256}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-square w-full rounded-xl bg-white transition [image-rendering:pixelated] ${dimmed ? "opacity-15 grayscale" : ""}`}
    />
  );
}
