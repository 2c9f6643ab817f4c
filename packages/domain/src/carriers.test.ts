import { describe, expect, it } from "vitest";
import { carrierName, carrierOfDelivery, deliveryCarriers, trackingUrl } from "./carriers.ts";

describe("carriers", () => {
  it("links each carrier's own tracking page, and none for a carrier without one", () => {
    expect(trackingUrl("Lion Parcel", "11LP1700000001")).toBe("https://lionparcel.com/track/stt?q=11LP1700000001");
    expect(trackingUrl("lion_parcel", "11LP1700000001")).toBe("https://lionparcel.com/track/stt?q=11LP1700000001");
    expect(trackingUrl("DHL", "JD0141 2345")).toBe(
      "https://www.dhl.com/id-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0141%202345",
    );
    expect(trackingUrl("JNE", "JNE-42")).toBeNull();
    expect(trackingUrl("POS Indonesia", "P123")).toBeNull();
    expect(trackingUrl("Kurir Ubud", "42")).toBeNull();
  });

  it("names the carrier of the customer's delivery; pickup has none", () => {
    expect(carrierOfDelivery("LION_PARCEL")).toBe("Lion Parcel");
    expect(carrierOfDelivery("DHL")).toBe("DHL");
    expect(carrierOfDelivery("PICKUP")).toBeNull();
    expect(deliveryCarriers).toEqual(["DHL", "Lion Parcel"]);
    expect(carrierName("lion parcel")).toBe("Lion Parcel");
    expect(carrierName("pos")).toBe("POS Indonesia");
    expect(carrierName("Kurir Ubud")).toBe("Kurir Ubud");
  });
});
