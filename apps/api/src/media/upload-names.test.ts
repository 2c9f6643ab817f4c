import { describe, expect, it } from "vitest";
import { isSafeKey } from "./storage-types.ts";
import { cleanName, pathnameOf } from "./upload-names.ts";

describe("the names of uploaded photos", () => {
  it("are the time plus the cleaned name; several get a product prefix and their number", () => {
    expect(pathnameOf("Panama Hat (front).JPG", "jpg", 1795526949767, null)).toBe("1795526949767-panama-hat-front.jpg");
    expect(pathnameOf("side.png", "png", 1795526949767, 0)).toBe("product-1795526949767-1-side.png");
    expect(pathnameOf("back.webp", "webp", 1795526949767, 4)).toBe("product-1795526949767-5-back.webp");
  });

  it("keep letters and digits only, Russian ones in Latin, and never a path", () => {
    expect(cleanName("Шляпа «Убуд» №1.jpeg")).toBe("shlyapa-ubud-no1");
    expect(cleanName("Café Crème.png")).toBe("cafe-creme");
    expect(cleanName("../../etc/passwd")).toBe("passwd");
    expect(cleanName("C:\\Users\\made\\Hat.jpg")).toBe("hat");
    expect(cleanName("a\0b<script>.gif")).toBe("a-b-script");
    expect(cleanName("...")).toBe("image");
    expect(cleanName("照片.jpg")).toBe("image");
  });

  it("make a safe storage key of at most 950 characters from any name", () => {
    for (const name of ["x".repeat(5000), "-".repeat(300), "😀".repeat(400), "CON", ".hidden", "a/b\\c"]) {
      const key = pathnameOf(name, "jpg", 1795526949767, 3);
      expect(isSafeKey(key), key).toBe(true);
      expect(key.length).toBeLessThanOrEqual(950);
    }
  });
});
