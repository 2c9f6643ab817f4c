import { EventEmitter } from "node:events";
import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { exportTurn } from "./export-turns.ts";

/** A download's request and reply as exportTurn reads them: the client's address, its socket, the answer's close. */
function download(ip: string) {
  const socket = { destroyed: false };
  const raw = Object.assign(new EventEmitter(), { destroyed: false });
  const request = { ip, raw: { socket } } as unknown as FastifyRequest;
  const reply = { raw } as unknown as FastifyReply;
  return {
    turn: () => exportTurn("orders.csv", request, reply),
    finish: () => raw.emit("close"),
    hangUp: () => {
      socket.destroyed = true;
    },
  };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("a client's downloads", () => {
  it("run one at a time: the next starts when the one before has answered", async () => {
    const [first, second, third] = [download("203.0.113.1"), download("203.0.113.1"), download("203.0.113.1")];
    await first.turn();
    const secondTurn = second.turn();
    const thirdTurn = third.turn();
    expect(await settled(secondTurn)).toBe(false);
    first.finish();
    await secondTurn;
    expect(await settled(thirdTurn)).toBe(false);
    second.finish();
    await thirdTurn;
    third.finish();
  });

  it("never wait for another client's", async () => {
    const mine = download("203.0.113.2");
    await mine.turn();
    await download("203.0.113.3").turn();
    mine.finish();
  });

  it("skip a waiting one whose connection closed, and pass the turn on", async () => {
    const [first, gone, next] = [download("203.0.113.4"), download("203.0.113.4"), download("203.0.113.4")];
    await first.turn();
    const goneTurn = gone.turn();
    const nextTurn = next.turn();
    gone.hangUp();
    first.finish();
    await expect(goneTurn).rejects.toMatchObject({ kind: "unavailable" });
    await nextTurn;
    next.finish();
  });
});
