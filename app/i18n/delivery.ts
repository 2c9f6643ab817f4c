import { defineMessages } from "./core.ts";

/** Names, descriptions and times of the delivery options (lib/delivery.ts), by option id. */
export const deliveryTexts = defineMessages(
  {
    "DHL.name": "DHL International Express",
    "DHL.description": "Door-to-door express delivery worldwide",
    "DHL.days": "5-7 business days",
    "LION_PARCEL.name": "Lion Parcel",
    "LION_PARCEL.description": "Reliable delivery across Indonesia",
    "LION_PARCEL.days": "2-3 business days",
    "PICKUP.name": "Pickup from Workshop",
    "PICKUP.description": "Collect your hat at our workshop in Ubud",
    "PICKUP.days": "Same day once ready",
  },
  {
    ru: {
      "DHL.name": "DHL International Express",
      "DHL.description": "Экспресс-доставка до двери по всему миру",
      "DHL.days": "5-7 рабочих дней",
      "LION_PARCEL.name": "Lion Parcel",
      "LION_PARCEL.description": "Надёжная доставка по Индонезии",
      "LION_PARCEL.days": "2-3 рабочих дня",
      "PICKUP.name": "Самовывоз из мастерской",
      "PICKUP.description": "Заберите шляпу в нашей мастерской в Убуде",
      "PICKUP.days": "В тот же день, когда шляпа готова",
    },
  },
);
