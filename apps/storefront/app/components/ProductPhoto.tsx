import { ProductPhoto as Photo } from "@workshop/ui/ProductPhoto.tsx";
import type { ComponentProps } from "react";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";

/** The kit's product photo (packages/ui), its placeholder in the page's language. */
export function ProductPhoto(props: Omit<ComponentProps<typeof Photo>, "missing">) {
  const t = useT(common);
  return <Photo {...props} missing={{ none: t("image.none"), notFound: t("image.notFound") }} />;
}
