import { defineMessages } from "./core.ts";

/**
 * The payment methods' names that are words rather than brands (../payment-methods.ts), for the
 * pages and the e-mails alike. Brands (BCA, Indomaret, OVO...) keep their own names.
 */
export const paymentMethodNames = defineMessages(
  {
    CARD: "Credit or debit card",
    CASH_IN_STORE: "Cash in store",
    TEST_CARD: "Test card",
    virtualAccount: "{bank} Virtual Account",
  },
  {
    ru: {
      CARD: "Банковская карта",
      CASH_IN_STORE: "Наличными в мастерской",
      TEST_CARD: "Тестовая карта",
      virtualAccount: "Виртуальный счёт {bank}",
    },
  },
);
