import { defineMessages } from "./core.ts";

/** The money that went back on the customer's order page (decision 047), and a returned hat. */
export const refunds = defineMessages(
  {
    "state.PARTLY_REFUNDED": "Partly refunded",
    "state.REFUNDED": "Refunded",
    "state.REFUND_PENDING": "Refund on its way",
    "label.returned": "Return",
    returned: "Received back",
    title: "Refunds",
    total: "Refunded so far: {usd} ({idr})",
    amount: "{usd} ({amount})",
    "way.XENDIT": "Back the way you paid ({method}); it reaches you within {min}–{max} business days.",
    "way.BANK_TRANSFER": "By bank transfer; it should reach your account by {date}.",
    "way.BANK_TRANSFER.open": "By bank transfer.",
    "way.CASH": "In cash at our workshop.",
    done: "Refunded on {date}",
    pending: "On its way since {date}",
  },
  {
    ru: {
      "state.PARTLY_REFUNDED": "Частично возвращено",
      "state.REFUNDED": "Возвращено",
      "state.REFUND_PENDING": "Возврат в пути",
      "label.returned": "Возврат",
      returned: "Шляпа получена обратно",
      title: "Возвраты",
      total: "Всего возвращено: {usd} ({idr})",
      amount: "{usd} ({amount})",
      "way.XENDIT": "Тем же способом, которым вы платили ({method}); деньги поступят в течение {min}–{max} рабочих дней.",
      "way.BANK_TRANSFER": "Банковским переводом; деньги должны поступить на ваш счёт до {date}.",
      "way.BANK_TRANSFER.open": "Банковским переводом.",
      "way.CASH": "Наличными в нашей мастерской.",
      done: "Возвращено {date}",
      pending: "В пути с {date}",
    },
  },
);
