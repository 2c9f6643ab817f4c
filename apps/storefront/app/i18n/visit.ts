import { defineMessages } from "./core.ts";

/** Texts of the "visit us" block shared by the Contact and Showroom pages (components/VisitInfo). */
export const visit = defineMessages(
  {
    "title.contact": "Find the workshop",
    "title.showroom": "Plan your visit",
    "intro.contact": "Our workshop and showroom share one roof: come and see where your hat is made.",
    "intro.showroom":
      "We are a working atelier rather than a shop front, so please book ahead: that way a weaver is free to show you around and fit your hat.",
    address: "Address",
    hours: "Opening hours",
    "hours.appointment": "Appointment recommended: message us a day or two before you come.",
    message: "Message us",
    "message.contact": "Prefer to chat? Write to us in the messaging app you already use.",
    "message.showroom": "Tell us the day and time you'd like to visit and we'll confirm your appointment.",
    "whatsapp.contact": "Chat on WhatsApp",
    "telegram.contact": "Chat on Telegram",
    "whatsapp.showroom": "Book on WhatsApp",
    "telegram.showroom": "Book on Telegram",
    newTab: "(opens in a new tab)",
    "map.title": "Map showing the {name} workshop in {place}",
    "map.open": "Open in Google Maps",
  },
  {
    ru: {
      "title.contact": "Как нас найти",
      "title.showroom": "Спланируйте визит",
      "intro.contact": "Мастерская и шоурум находятся под одной крышей: приходите посмотреть, где рождается ваша шляпа.",
      "intro.showroom":
        "Мы — работающая мастерская, а не магазин, поэтому просим записываться заранее: так у мастера будет время всё вам показать и подобрать шляпу по размеру.",
      address: "Адрес",
      hours: "Часы работы",
      "hours.appointment": "Рекомендуем записаться: напишите нам за день-два до визита.",
      message: "Напишите нам",
      "message.contact": "Удобнее переписываться? Напишите нам в привычном мессенджере.",
      "message.showroom": "Напишите, в какой день и час вам удобно прийти, — и мы подтвердим запись.",
      "whatsapp.contact": "Написать в WhatsApp",
      "telegram.contact": "Написать в Telegram",
      "whatsapp.showroom": "Записаться через WhatsApp",
      "telegram.showroom": "Записаться через Telegram",
      newTab: "(откроется в новой вкладке)",
      "map.title": "Карта: мастерская {name}, {place}",
      "map.open": "Открыть в Google Картах",
    },
  },
);
