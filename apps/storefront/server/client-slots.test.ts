import { describe, expect, it } from "vitest";
import { ClientSlots } from "./client-slots.ts";

const never = new AbortController().signal;

describe("each client's share of a forwarding pool", () => {
  it("forwards at most its share of one client's requests at once; the rest wait their turn, in order", async () => {
    const slots = new ClientSlots({ perClient: 2, maxWaiting: 10 });
    const [a, b] = await Promise.all([slots.take("198.51.100.1", never)!, slots.take("198.51.100.1", never)!]);
    const order: number[] = [];
    const third = slots.take("198.51.100.1", never)!.then((release) => (order.push(3), release));
    const fourth = slots.take("198.51.100.1", never)!.then((release) => (order.push(4), release));
    // Another client is not held up by the first one's queue.
    const other = await slots.take("203.0.113.9", never)!;
    expect([slots.active("198.51.100.1"), slots.active("203.0.113.9"), order]).toEqual([2, 1, []]);
    a();
    a(); // a second release of the same slot changes nothing
    (await third)();
    b();
    (await fourth)();
    other();
    expect(order).toEqual([3, 4]);
    expect(slots.active("198.51.100.1")).toBe(0);
  });

  it("refuses a client whose queue is full, and takes a request out of the queue when its client leaves", async () => {
    const slots = new ClientSlots({ perClient: 1, maxWaiting: 1 });
    const first = await slots.take("198.51.100.1", never)!;
    const leaving = new AbortController();
    const waiting = slots.take("198.51.100.1", leaving.signal)!;
    expect(slots.take("198.51.100.1", never)).toBeNull();
    leaving.abort(new Error("gone"));
    await expect(waiting).rejects.toThrow("gone");
    // Its place in the queue is free again.
    const next = slots.take("198.51.100.1", never);
    expect(next).not.toBeNull();
    first();
    (await next!)();
    expect(slots.active("198.51.100.1")).toBe(0);
  });
});
