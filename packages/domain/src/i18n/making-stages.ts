import type { MakingDirection, MakingReason } from "../making-stages.ts";
import { defineMessages } from "./core.ts";

const en: Record<`reason.${MakingReason}` | `direction.${MakingDirection}` | "late", string> = {
  "reason.made-to-order": "Made to order",
  "reason.custom": "Custom hat",
  "reason.adjusting": "Adjusting a ready hat",
  "direction.start": "Making started",
  "direction.forward": "Moved on",
  "direction.back": "Moved back",
  late: "Late",
};

/**
 * The words around an order's making (making-stages.ts) that the console and the customer's pages
 * share: why the hat is made, how a stage change went, and a late order. The stages' own names are
 * the shop's setting, in both languages, never these texts.
 */
export const makingStageTexts = defineMessages(en, {
  ru: {
    "reason.made-to-order": "Изготовление на заказ",
    "reason.custom": "Индивидуальная шляпа",
    "reason.adjusting": "Подгонка готовой шляпы",
    "direction.start": "Изготовление началось",
    "direction.forward": "Следующий этап",
    "direction.back": "Возврат на этап",
    late: "Опаздывает",
  },
});
