import { describe, expect, it } from "vitest";
import { addWeekdays, deliveryCostCents, optionsForAddress, regionOf } from "./delivery.ts";

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

  it("counts weekdays, skipping weekends", () => {
    const friday = new Date(2026, 10, 20);
    expect(addWeekdays(friday, 1).getDay()).toBe(1);
    expect(addWeekdays(friday, 3).getDate()).toBe(25);
    expect(addWeekdays(friday, 7).getDate()).toBe(1);
  });
});
