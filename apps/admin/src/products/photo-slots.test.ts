import { describe, expect, it } from "vitest";
import { moved, type PhotoSlot, photoRows, slotsOf, withPhotoKey } from "./photo-slots.ts";

const sending = (id: string): PhotoSlot => ({
  id,
  key: null,
  altEn: "",
  altRu: "",
  upload: { name: `${id}.png`, progress: 0.4, state: "sending", reason: null, retry: false },
});

describe("the product form's photo slots", () => {
  it("saves only the done photos, in the slots' order", () => {
    const slots = [
      ...slotsOf([{ key: "1-a.png", altEn: "A", altRu: "А" }]),
      sending("u1"),
      ...slotsOf([{ key: "2-b.png", altEn: "", altRu: "" }]),
    ];
    expect(photoRows(slots)).toEqual([
      { key: "1-a.png", altEn: "A", altRu: "А" },
      { key: "2-b.png", altEn: "", altRu: "" },
    ]);
    expect(photoRows(moved(slots, 2, 0)).map((r) => r.key)).toEqual(["2-b.png", "1-a.png"]);
  });

  it("takes a photo by its key last, with empty alt texts, never twice", () => {
    const slots = slotsOf([{ key: "1-a.png", altEn: "A", altRu: "А" }]);
    const added = withPhotoKey(slots, "ai-3.png");
    expect(photoRows(added)).toEqual([
      { key: "1-a.png", altEn: "A", altRu: "А" },
      { key: "ai-3.png", altEn: "", altRu: "" },
    ]);
    expect(withPhotoKey(added, "ai-3.png")).toEqual(added);
    expect(withPhotoKey(added, "1-a.png")).toHaveLength(2);
  });

  it("moves within the list only", () => {
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, 3)).toEqual(["a", "b", "c"]);
  });
});
