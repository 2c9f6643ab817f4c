import { defineMessages } from "./core.ts";

/** The page that stops an order's e-mails about the making of its hat (/orders/:token/stage-mails, decision 055). */
export const stageMails = defineMessages(
  {
    "meta.title": "E-mails about the making of your hat",
    "ask.title": "Stop e-mails about the making of order {number}?",
    "ask.text":
      "We write when your hat starts being made, when the workshop has news of a stage, and when it is ready. The e-mails about your order itself, its payment and its shipping, still come.",
    "ask.stop": "Stop these e-mails",
    "ask.keep": "Keep them",
    "done.title": "E-mails about the making of order {number} are stopped",
    "done.text":
      "We will not write about each stage any more. You can still follow your hat on its order page, and the e-mails about your order itself, its payment and its shipping, still come.",
    "done.back": "Back to your order",
    "done.undo": "Send them again",
    "resumed.title": "E-mails about the making of order {number} come again",
    "resumed.text": "We will write to you again when the workshop has news of your hat, and when it is ready.",
  },
  {
    ru: {
      "meta.title": "Письма об изготовлении шляпы",
      "ask.title": "Отключить письма об изготовлении заказа {number}?",
      "ask.text":
        "Мы пишем, когда начинаем делать вашу шляпу, когда у мастерской есть новости об этапе и когда шляпа готова. Письма о самом заказе — об оплате и отправке — по-прежнему будут приходить.",
      "ask.stop": "Отключить эти письма",
      "ask.keep": "Оставить",
      "done.title": "Письма об изготовлении заказа {number} отключены",
      "done.text":
        "Мы больше не будем писать о каждом этапе. Следить за шляпой можно на странице заказа, а письма о самом заказе — об оплате и отправке — по-прежнему будут приходить.",
      "done.back": "Вернуться к заказу",
      "done.undo": "Снова присылать",
      "resumed.title": "Письма об изготовлении заказа {number} снова включены",
      "resumed.text": "Мы снова напишем, когда у мастерской будут новости о вашей шляпе и когда она будет готова.",
    },
  },
);
