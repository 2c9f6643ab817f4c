import { describe, expect, it } from "vitest";
import { countText } from "./counts.ts";

describe("counts with their noun", () => {
  it("take each language's plural form for the number", () => {
    expect([0, 1, 2, 5, 21, 1000].map((n) => countText("accounts", n, "en"))).toEqual([
      "0 accounts",
      "1 account",
      "2 accounts",
      "5 accounts",
      "21 accounts",
      "1,000 accounts",
    ]);
    expect([1, 2, 4, 5, 11, 21, 22, 25, 111].map((n) => countText("accounts", n, "ru"))).toEqual([
      "1 аккаунт",
      "2 аккаунта",
      "4 аккаунта",
      "5 аккаунтов",
      "11 аккаунтов",
      "21 аккаунт",
      "22 аккаунта",
      "25 аккаунтов",
      "111 аккаунтов",
    ]);
    expect([1, 3, 7].map((n) => countText("orders", n, "ru"))).toEqual(["1 заказ", "3 заказа", "7 заказов"]);
    expect([1, 3].map((n) => countText("photos", n, "en"))).toEqual(["1 photo", "3 photos"]);
    expect([1, 2, 5, 21].map((n) => countText("workingDays", n, "ru"))).toEqual([
      "1 рабочий день",
      "2 рабочих дня",
      "5 рабочих дней",
      "21 рабочий день",
    ]);
    expect([1, 6].map((n) => countText("days", n, "en"))).toEqual(["1 day", "6 days"]);
  });
});
