import type { CustomHatAnswer } from "@workshop/domain/shop-api/custom-hat.ts";
import { useT } from "#app/i18n/core.ts";
import { orders } from "#app/i18n/orders.ts";
import { ProductPhoto } from "./ProductPhoto";

type Props = { picture: CustomHatAnswer["picture"]; sizes: string };

/**
 * A custom hat's picture in its summaries: the customer's own reference photo (a private link the
 * API signed for this page), else a catalogue photo of a hat of the kind they asked for.
 */
export function CustomHatPicture({ picture, sizes }: Props) {
  const t = useT(orders);
  if (picture.kind === "catalogue")
    return (
      <ProductPhoto image={{ key: picture.key, width: 1200, height: 1200 }} alt={t("summary.likeHatAlt")} sizes={sizes} maxWidth={320} />
    );
  return <img src={picture.url} alt={t("summary.referenceAlt")} className="aspect-square w-full object-cover" />;
}
