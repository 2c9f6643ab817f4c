import { defineMessages } from "./core.ts";

/**
 * Names, descriptions and times of the delivery options (../delivery.ts), by option id. The
 * numbers of days come from ../delivery.ts ({min}, {max}) or, for a hat made to order, from its
 * making stages ({days}, ../making-stages.ts), never from the texts.
 */
export const deliveryTexts = defineMessages(
  {
    "DHL.name": "DHL International Express",
    "DHL.description": "Door-to-door express delivery worldwide",
    "DHL.days": "{min}–{max} business days",
    "LION_PARCEL.name": "Lion Parcel",
    "LION_PARCEL.description": "Reliable delivery across Indonesia",
    "LION_PARCEL.days": "{min}–{max} business days",
    "PICKUP.name": "Pickup from Workshop",
    "PICKUP.description": "Collect your hat at our workshop in Ubud",
    "PICKUP.days": "Same day once ready",
    making: "Made in {min}–{max} business days after payment",
    // {days}: "10 working days" (../working-days-text.ts).
    makingWorkingDays: "Made in {days} after payment",
    makingCustom: "Made in {time} after the deposit",
    delivery: "Delivery: {days}",
    arrives: "Arrives between {from} and {to}",
    ready: "Ready for pickup between {from} and {to}",
    readyFrom: "Ready for pickup from {day}",
  },
  {
    ru: {
      "DHL.name": "DHL International Express",
      "DHL.description": "Экспресс-доставка до двери по всему миру",
      "DHL.days": "{min}–{max} рабочих дней",
      "LION_PARCEL.name": "Lion Parcel",
      "LION_PARCEL.description": "Надёжная доставка по Индонезии",
      "LION_PARCEL.days": "{min}–{max} рабочих дня",
      "PICKUP.name": "Самовывоз из мастерской",
      "PICKUP.description": "Заберите шляпу в нашей мастерской в Убуде",
      "PICKUP.days": "в тот же день, когда шляпа готова",
      making: "Изготовление: {min}–{max} рабочих дней после оплаты",
      makingWorkingDays: "Изготовление: {days} после оплаты",
      makingCustom: "Изготовление: {time} после предоплаты",
      delivery: "Доставка: {days}",
      arrives: "Прибудет между {from} и {to}",
      ready: "Можно забрать между {from} и {to}",
      readyFrom: "Можно забрать с {day}",
    },
  },
);
