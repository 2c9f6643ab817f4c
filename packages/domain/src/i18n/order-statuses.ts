import { defineMessages } from "./core.ts";

/**
 * The one label of each order status, payment status and work queue, in the staff's language: the
 * console's lists, pages, history and CSV all take them from here.
 */
export const orderStatusLabels = defineMessages(
  {
    "status.PENDING": "Pending",
    "status.NEW": "New",
    "status.PROCESSING": "Processing",
    "status.CONTACTED": "Contacted",
    "status.IN_PROGRESS": "In progress",
    "status.SHIPPED": "Shipped",
    "status.DELIVERED": "Delivered",
    "status.COMPLETED": "Completed",
    "status.CANCELLED": "Cancelled",
    "status.test_payment": "Test payment",
    "payment.PENDING": "Payment pending",
    "payment.AWAITING_PREPAYMENT": "Awaiting cash",
    "payment.DEPOSIT_PAID": "Deposit paid",
    "payment.SUCCEEDED": "Paid",
    "payment.FAILED": "Payment failed",
    "queue.awaiting-payment": "Awaiting payment",
    "queue.to-make": "To be made",
    "queue.to-ship": "To be shipped",
    "queue.cash-expiring": "Cash orders expiring within 48 h",
    "queue.flagged": "Flagged payments",
  },
  {
    ru: {
      "status.PENDING": "Ожидает",
      "status.NEW": "Новый",
      "status.PROCESSING": "В обработке",
      "status.CONTACTED": "На связи",
      "status.IN_PROGRESS": "В работе",
      "status.SHIPPED": "Отправлен",
      "status.DELIVERED": "Доставлен",
      "status.COMPLETED": "Выполнен",
      "status.CANCELLED": "Отменён",
      "status.test_payment": "Тестовый",
      "payment.PENDING": "Оплата ожидается",
      "payment.AWAITING_PREPAYMENT": "Ждём наличные",
      "payment.DEPOSIT_PAID": "Предоплата внесена",
      "payment.SUCCEEDED": "Оплачен",
      "payment.FAILED": "Оплата не прошла",
      "queue.awaiting-payment": "Ждут оплаты",
      "queue.to-make": "К изготовлению",
      "queue.to-ship": "К отправке",
      "queue.cash-expiring": "Наличные: срок истекает за 48 ч",
      "queue.flagged": "Платежи с пометкой",
    },
  },
);
