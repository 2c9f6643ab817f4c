import { describe, expect, it } from "vitest";
import { crc16, parseEmv, qrisPayload } from "./qris.ts";

describe("QRIS payloads", () => {
  it("computes CRC-16/CCITT-FALSE", () => {
    expect(crc16("123456789")).toBe("29B1"); // the standard check value
    expect(crc16("")).toBe("FFFF");
  });

  it("builds a dynamic payload whose CRC covers everything before it", () => {
    const payload = qrisPayload({ amount: 1_500_000, reference: "0123456789abcdef0123456789abcdef" });
    const fields = parseEmv(payload);
    expect([...fields.keys()]).toEqual(["00", "01", "26", "51", "52", "53", "54", "58", "59", "60", "61", "62", "63"]);
    expect(fields.get("54")).toBe("1500000");
    expect(parseEmv(fields.get("62") ?? "").get("05")).toBe("0123456789abcdef012345678");
    expect(fields.get("63")).toBe(crc16(payload.slice(0, -4)));
    expect(qrisPayload({ amount: 1, reference: "a" })).not.toBe(qrisPayload({ amount: 1, reference: "b" }));
  });
});
