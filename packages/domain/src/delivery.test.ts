import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  deliveryCostCents,
  deliveryWindow,
  formatDeliveryDay,
  makingDays,
  optionsForAddress,
  regionOf,
} from "./delivery.ts";

describe("delivery", () => {
  it("prices each option as base + per-kg × 0.5 kg", () => {
    expect(deliveryCostCents("DHL")).toBe(3000);
    expect(deliveryCostCents("LION_PARCEL")).toBe(1150);
    expect(deliveryCostCents("PICKUP")).toBe(0);
    expect(deliveryCostCents("DHL", 2)).toBe(4500);
  });

  it("offers DHL abroad, Lion Parcel and pickup in Bali, Lion Parcel elsewhere in Indonesia", () => {
    const ids = (country: string, state: string) => optionsForAddress({ country, state }).map((o) => o.id);
    expect(ids("United States", "New York")).toEqual(["DHL"]);
    expect(ids("Indonesia", "Bali")).toEqual(["LION_PARCEL", "PICKUP"]);
    expect(ids("Indonesia", "  bali ")).toEqual(["LION_PARCEL", "PICKUP"]);
    expect(ids("Indonesia", "DKI Jakarta")).toEqual(["LION_PARCEL"]);
    expect(regionOf({ country: "Indonesia", state: "Balikpapan" })).toBe("indonesia");
  });

  it("counts business days on the Bali calendar, skipping weekends", () => {
    // Friday 20 November 2026, 10:00 in Bali.
    const friday = new Date("2026-11-20T10:00:00+08:00");
    const day = (d: Date) => formatDeliveryDay(d, "en");
    expect(day(addBusinessDays(friday, 1))).toBe("Mon, Nov 23");
    expect(day(addBusinessDays(friday, 3))).toBe("Wed, Nov 25");
    expect(day(addBusinessDays(friday, 7))).toBe("Tue, Dec 1");
    // Sunday 23:30 in Bali is still Sunday there although it is Sunday afternoon in UTC.
    expect(day(addBusinessDays(new Date("2026-11-22T23:30:00+08:00"), 1))).toBe("Mon, Nov 23");
    // Monday 01:00 in Bali is Sunday 17:00 UTC: the count starts from Monday.
    expect(day(addBusinessDays(new Date("2026-11-23T01:00:00+08:00"), 1))).toBe("Tue, Nov 24");
  });

  it("promises making time plus the carrier's time: DHL from Mon Nov 23 arrives Dec 7 – Dec 16", () => {
    const monday = new Date("2026-11-23T10:00:00+08:00");
    expect(makingDays).toEqual({ min: 5, max: 10 });
    const dhl = deliveryWindow("DHL", monday);
    // 5 + 5 and 10 + 7 business days: never the carrier's time alone ('around Wed, Dec 2').
    expect([formatDeliveryDay(dhl.earliest, "en"), formatDeliveryDay(dhl.latest, "en")]).toEqual(["Mon, Dec 7", "Wed, Dec 16"]);
    const lion = deliveryWindow("LION_PARCEL", monday);
    expect([formatDeliveryDay(lion.earliest, "en"), formatDeliveryDay(lion.latest, "en")]).toEqual(["Wed, Dec 2", "Thu, Dec 10"]);
    const pickup = deliveryWindow("PICKUP", monday);
    expect([formatDeliveryDay(pickup.earliest, "en"), formatDeliveryDay(pickup.latest, "en")]).toEqual(["Mon, Nov 30", "Mon, Dec 7"]);
    expect(formatDeliveryDay(dhl.latest, "ru")).toBe("ср, 16 дек.");
  });
});
