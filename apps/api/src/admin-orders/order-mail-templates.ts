/**
 * Ready texts staff start an e-mail to a customer from. They are written in the ORDER's language
 * (the customer's), whatever language the admin is in, and filled with the order's details; staff
 * may change every word before sending.
 */
import { defineMessages, translator } from "@workshop/domain/i18n/core.ts";
import { openingHoursText } from "@workshop/domain/opening-hours-text.ts";
import { mailLocale } from "#server/mail/templates/index.ts";
import { orderInLanguage } from "#server/orders/in-language.ts";
import type { Order } from "#server/orders/types.ts";

export const staffTemplateIds = ["being-made", "ready-for-pickup", "question"] as const;
export type StaffTemplateId = (typeof staffTemplateIds)[number];

const texts = defineMessages(
  {
    "being-made.subject": "Your hat is being made — order {number}",
    "being-made.text":
      "Hello {name},\n\nOur weavers have started on your {hat} (order {number}). Every hat is woven by hand, so it takes a few days; we will write again as soon as it is ready.\n\nWarm wishes from Ubud,\nthe Rumah Topi workshop",
    "ready-for-pickup.subject": "Your hat is ready for pickup — order {number}",
    "ready-for-pickup.text":
      "Hello {name},\n\nYour {hat} (order {number}) is ready! You can pick it up at our workshop in Ubud during opening hours: {hours}. Please bring your order number.\n\nWarm wishes from Ubud,\nthe Rumah Topi workshop",
    "question.subject": "A question about your order {number}",
    "question.text":
      "Hello {name},\n\nWe are working on your {hat} (order {number}) and have a question for you:\n\n\n\nJust reply to this e-mail. Thank you!\n\nWarm wishes from Ubud,\nthe Rumah Topi workshop",
  },
  {
    ru: {
      "being-made.subject": "Ваша шляпа в работе — заказ {number}",
      "being-made.text":
        "Здравствуйте, {name}!\n\nМастера приступили к вашей шляпе «{hat}» (заказ {number}). Каждая шляпа плетётся вручную, поэтому это займёт несколько дней; мы напишем, как только она будет готова.\n\nС теплом из Убуда,\nмастерская Rumah Topi",
      "ready-for-pickup.subject": "Ваша шляпа готова — заказ {number}",
      "ready-for-pickup.text":
        "Здравствуйте, {name}!\n\nВаша шляпа «{hat}» (заказ {number}) готова! Забрать её можно в нашей мастерской в Убуде в часы работы: {hours}. Пожалуйста, назовите номер заказа.\n\nС теплом из Убуда,\nмастерская Rumah Topi",
      "question.subject": "Вопрос по вашему заказу {number}",
      "question.text":
        "Здравствуйте, {name}!\n\nМы работаем над вашей шляпой «{hat}» (заказ {number}), и у нас есть вопрос:\n\n\n\nПросто ответьте на это письмо. Спасибо!\n\nС теплом из Убуда,\nмастерская Rumah Topi",
    },
  },
);

/**
 * A ready text for an order, in the order's language. `order.productName` should already be in
 * that language (orderInLanguage).
 */
function staffTemplate(
  id: StaffTemplateId,
  order: Pick<Order, "orderNumber" | "productName" | "shippingAddress" | "locale">,
): { subject: string; text: string } {
  const locale = mailLocale(order.locale);
  const t = translator(texts, locale);
  const vars = {
    hours: openingHoursText(locale),
    number: order.orderNumber,
    hat: order.productName,
    name: order.shippingAddress.fullName.trim() || order.shippingAddress.email,
  };
  return { subject: t(`${id}.subject`, vars), text: t(`${id}.text`, vars) };
}

/** The ready text `id` for an order, with the hat named as the customer's language names it. */
export async function prefilledEmail(id: StaffTemplateId, order: Order): Promise<{ subject: string; text: string }> {
  return staffTemplate(id, await orderInLanguage(order, order.locale));
}
