import { sampleJpeg } from "@workshop/testing/test-images.ts";
import { afterEach, describe, expect, it } from "vitest";
import { DECODE_SLOTS, type DecodeKind, decodeQueueNow, decoding, PUBLIC_DECODE_SLOTS } from "./decode-queue.ts";
import { cleanPhoto } from "./photo-check.ts";
import { encodeAllVariants } from "./variants.ts";

/** A decode that runs until the test ends it: its start is recorded, and `finish` settles it. */
function heldDecode(kind: DecodeKind, name: string, log: string[]) {
  let finish!: (failed?: boolean) => void;
  const done = decoding(kind, () => {
    log.push(name);
    return new Promise<string>((resolve, reject) => {
      finish = (failed = false) => (failed ? reject(new Error(`${name} failed`)) : resolve(name));
    });
  });
  return { done, finish: (failed?: boolean) => finish(failed) };
}

// Lets every promise that can settle do so: what has not started by then waits for a slot.
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => expect(decodeQueueNow()).toEqual({ running: 0, publicRunning: 0, waiting: 0 }));

describe("the decode queue", () => {
  it("never runs more than its slots at once, and starts the next as one ends, a failed one too", async () => {
    expect([DECODE_SLOTS, PUBLIC_DECODE_SLOTS]).toEqual([2, 1]);
    const log: string[] = [];
    const decodes = ["a", "b", "c", "d", "e"].map((name) => heldDecode("shop", name, log));
    await settle();
    expect(log).toEqual(["a", "b"]);
    expect(decodeQueueNow()).toEqual({ running: 2, publicRunning: 0, waiting: 3 });
    decodes[1]!.finish(true);
    await expect(decodes[1]!.done).rejects.toThrow("b failed");
    await settle();
    expect(log).toEqual(["a", "b", "c"]);
    decodes[0]!.finish();
    decodes[2]!.finish();
    await settle();
    expect(log).toEqual(["a", "b", "c", "d", "e"]);
    expect(decodeQueueNow().running).toBe(2);
    decodes[3]!.finish();
    decodes[4]!.finish();
    expect(await Promise.all([decodes[0]!.done, decodes[3]!.done, decodes[4]!.done])).toEqual(["a", "d", "e"]);
  });

  it("gives public work one slot only, and starts waiting shop work before waiting public work", async () => {
    const log: string[] = [];
    const publics = ["p1", "p2", "p3"].map((name) => heldDecode("public", name, log));
    await settle();
    expect(log).toEqual(["p1"]);
    // The other slot stays free for the shop.
    const shop = ["s1", "s2"].map((name) => heldDecode("shop", name, log));
    await settle();
    expect(log).toEqual(["p1", "s1"]);
    publics[0]!.finish();
    await settle();
    expect(log).toEqual(["p1", "s1", "s2"]);
    shop[0]!.finish();
    await settle();
    expect(log).toEqual(["p1", "s1", "s2", "p2"]);
    expect(decodeQueueNow()).toEqual({ running: 2, publicRunning: 1, waiting: 1 });
    shop[1]!.finish();
    await settle();
    // A free slot, but public work already holds its share.
    expect(log).toEqual(["p1", "s1", "s2", "p2"]);
    publics[1]!.finish();
    await settle();
    expect(log).toEqual(["p1", "s1", "s2", "p2", "p3"]);
    publics[2]!.finish();
    await Promise.all([...publics, ...shop].map((d) => d.done));
  });

  it("holds every photo decode: a reference photo waits for the public slot while a product photo and its sizes take the other", async () => {
    const jpeg = await sampleJpeg(200, 150);
    const held = heldDecode("public", "held", []);
    let referenceDone = false;
    const reference = cleanPhoto(jpeg, "reference").then((photo) => {
      referenceDone = true;
      return photo;
    });
    await expect.poll(() => decodeQueueNow().waiting).toBe(1);
    const product = await cleanPhoto(jpeg);
    expect((await encodeAllVariants(product.body)).length).toBeGreaterThan(0);
    expect(referenceDone).toBe(false);
    held.finish();
    expect((await reference).width).toBe(200);
    await held.done;

    // Both slots held by the shop: a product photo waits too.
    const shop = [heldDecode("shop", "s1", []), heldDecode("shop", "s2", [])];
    let productDone = false;
    const waiting = cleanPhoto(jpeg).then(() => (productDone = true));
    await expect.poll(() => decodeQueueNow().waiting).toBe(1);
    const sizes = encodeAllVariants(product.body);
    await expect.poll(() => decodeQueueNow().waiting).toBe(2);
    expect(productDone).toBe(false);
    for (const d of shop) d.finish();
    await Promise.all([waiting, sizes, ...shop.map((d) => d.done)]);
  });
});
