import { describe, expect, it } from "vitest";
import { workshopToday } from "./admin-date.ts";
import { depositCents, endOfWorkshopDay, productionDays, productionTimeOfTimeline, quoteFormSchema, quoteState } from "./custom-quote.ts";
import { deliveryWindow, formatDeliveryDay } from "./delivery.ts";

describe("custom quotes", () => {
  it("asks half the price as deposit, rounded up to the cent; the balance is the exact rest", () => {
    expect(depositCents(18_550)).toBe(9_275);
    expect(depositCents(18_551)).toBe(9_276);
    for (const price of [100, 101, 7_777, 99_999_99]) expect(depositCents(price) + (price - depositCents(price))).toBe(price);
  });

  it("ends a quote's day at midnight in Bali (UTC+8) and refuses dates that do not exist", () => {
    expect(endOfWorkshopDay("2026-12-08")!.toISOString()).toBe("2026-12-08T15:59:59.999Z");
    expect(endOfWorkshopDay("2026-02-30")).toBeNull();
    expect(endOfWorkshopDay("08.12.2026")).toBeNull();
    expect(workshopToday(new Date("2026-11-24T17:00:00Z"))).toBe("2026-11-25");
  });

  it("reads expiry from the last day, and the stored statuses as they are", () => {
    const until = new Date("2026-12-08T15:59:59.999Z");
    expect(quoteState({ status: "SENT", validUntil: until }, new Date("2026-12-08T15:59:59Z"))).toBe("open");
    expect(quoteState({ status: "SENT", validUntil: until }, new Date("2026-12-08T16:00:00Z"))).toBe("expired");
    expect(quoteState({ status: "WITHDRAWN", validUntil: until }, new Date(0))).toBe("withdrawn");
    expect(quoteState({ status: "SUPERSEDED", validUntil: until }, new Date(0))).toBe("superseded");
  });

  it("takes a price in dollars with at most two decimals, one of the three production times and a date", () => {
    const ok = quoteFormSchema.parse({ price: " 185.5 ", description: "A fedora", productionTime: "4-6 weeks", validUntil: "2026-12-08" });
    expect(ok.price).toBe(18_550);
    const bad = quoteFormSchema.safeParse({ price: "1e3", description: " ", productionTime: "2 months", validUntil: "tomorrow" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path[0], i.message]).sort()).toEqual([
      ["description", "required"],
      ["price", "price"],
      ["productionTime", "productionTime"],
      ["validUntil", "validUntil"],
    ]);
    expect(
      quoteFormSchema.safeParse({ price: "0.99", description: "x", productionTime: "1-2 weeks", validUntil: "2026-12-08" }).success,
    ).toBe(false);
    expect(
      quoteFormSchema.safeParse({ price: "1", description: "a\u0000b", productionTime: "1-2 weeks", validUntil: "2026-12-08" }).success,
    ).toBe(false);
  });

  it("makes a custom hat in its production time's weeks of business days, and counts its arrival from them", () => {
    expect(productionDays("1-2 weeks")).toEqual({ min: 5, max: 10 });
    expect(productionDays("3-4 weeks")).toEqual({ min: 15, max: 20 });
    expect(productionDays("4-6 weeks")).toEqual({ min: 20, max: 30 });
    // Nothing else is stored; were it, the longest time: never a hat promised too early.
    expect(productionDays("2 days")).toEqual({ min: 20, max: 30 });
    // Paid on Monday 23 November 2026: 15 + 2 and 20 + 3 business days by Lion Parcel.
    const lion = deliveryWindow("LION_PARCEL", new Date("2026-11-23T10:00:00+08:00"), productionDays("3-4 weeks"));
    expect([formatDeliveryDay(lion.earliest, "en"), formatDeliveryDay(lion.latest, "ru")]).toEqual(["Wed, Dec 16", "чт, 24 дек."]);
  });

  it("defaults a quote's production time to the request's timeline where one fits", () => {
    expect(productionTimeOfTimeline("1-2 weeks")).toBe("1-2 weeks");
    expect(productionTimeOfTimeline("3-4 weeks")).toBe("3-4 weeks");
    expect(productionTimeOfTimeline("1-2 months")).toBe("4-6 weeks");
    expect(productionTimeOfTimeline("Flexible")).toBeNull();
    expect(productionTimeOfTimeline("")).toBeNull();
    expect(productionTimeOfTimeline("constructor")).toBeNull();
  });
});
