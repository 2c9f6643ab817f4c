import type { Translate } from "@workshop/domain/i18n/core.ts";
import { orderTexts } from "#admin/i18n/order.ts";

/** An order e-mail's template in the person's words; one the console does not know yet as it is. */
export function mailKind(t: Translate<keyof typeof orderTexts.en>, template: string): string {
  const key = `kind.${template}`;
  return key in orderTexts.en ? t(key as keyof typeof orderTexts.en) : template;
}
