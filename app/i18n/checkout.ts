import { defineMessages } from "./core.ts";

export const checkout = defineMessages(
  {
    "meta.title": "Checkout",
    "step": "Step {n} of 3",
    "confirm.title": "Confirm Your Order",
    "confirm.product": "Product",
    "confirm.size": "Size",
    "confirm.sizeValue": "{size} cm",
    "confirm.noSize": "One size",
    "confirm.price": "Price",
    "confirm.note": "Each hat is made to order in our Bali workshop. Delivery options and payment follow in the next steps.",
    "confirm.change": "Choose another hat",
    "missing.title": "Missing Order Information",
    "missing.start": "Please start your order from the product page.",
    "missing.products": "Back to Products",
  },
  {
    ru: {
      "meta.title": "Оформление заказа",
      "step": "Шаг {n} из 3",
      "confirm.title": "Подтвердите заказ",
      "confirm.product": "Товар",
      "confirm.size": "Размер",
      "confirm.sizeValue": "{size} см",
      "confirm.noSize": "Один размер",
      "confirm.price": "Цена",
      "confirm.note": "Каждая шляпа делается на заказ в нашей мастерской на Бали. Способ доставки и оплата — на следующих шагах.",
      "confirm.change": "Выбрать другую шляпу",
      "missing.title": "Нет данных заказа",
      "missing.start": "Пожалуйста, начните заказ со страницы товара.",
      "missing.products": "Вернуться к товарам",
    },
  },
);
