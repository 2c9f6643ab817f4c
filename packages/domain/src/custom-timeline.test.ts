import { describe, expect, it } from "vitest";
import { timelineText } from "./custom-timeline.ts";
import { timelines } from "./validation/custom-order.ts";

describe("a custom request's timeline", () => {
  it("reads in either language, every choice of the form, and the default", () => {
    expect(timelines.map((t) => timelineText(t, "ru"))).toEqual(["1–2 недели", "3–4 недели", "1–2 месяца", "Без спешки"]);
    expect(timelines.map((t) => timelineText(t, "en"))).toEqual(["1–2 weeks", "3–4 weeks", "1–2 months", "Flexible"]);
    expect(timelineText("4-6 weeks", "ru")).toBe("4–6 недель");
    expect(timelineText("by Christmas", "ru")).toBe("by Christmas");
  });
});
