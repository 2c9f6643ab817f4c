import { connect, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webServer } from "./web-server.ts";

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await webServer({ logLevel: "silent", trustProxy: "false", deadlines: { headersSeconds: 1, bodySeconds: 1 } });
  app.post("/echo", async (request) => ({ length: JSON.stringify(request.body).length }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** A raw connection: what it receives, and when the server closed it (ms after it opened). */
function rawConnection(): { socket: Socket; received: () => string; closed: Promise<number> } {
  const began = performance.now();
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(performance.now() - began)));
  return { socket, received: () => text, closed };
}

describe("requests that stop arriving", () => {
  it("closes a connection whose body stops after its first byte, within the body deadline", async () => {
    const { socket, received, closed } = rawConnection();
    socket.write("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 90000\r\n\r\n{");
    const ms = await closed;
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(3_500);
    expect(received()).toBe("");
  });

  it("keeps a body that arrives slowly but steadily", async () => {
    const { socket, received, closed } = rawConnection();
    const body = JSON.stringify({ text: "x".repeat(20) });
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Four pauses of 600 ms: 2.4 s in all, longer than the deadline, never one pause past it.
    for (const part of [body.slice(0, 5), body.slice(5, 10), body.slice(10, 20), body.slice(20)]) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      socket.write(part);
    }
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it("answers 408 to headers that never end, within the header deadline", async () => {
    const { socket, received, closed } = rawConnection();
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const ms = await closed;
    expect(ms).toBeLessThan(3_500);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("leaves an idle kept-alive connection to its keep-alive timer, not the header deadline", async () => {
    const { socket, received, closed } = rawConnection();
    socket.write("GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received()).toMatch(/^HTTP\/1\.1 404/);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
    await closed;
  });
});

describe("requests too large to parse", () => {
  /** Sends `head` in one write and reads the whole answer, as a client that keeps writing would. */
  async function answerTo(head: string): Promise<string> {
    const { socket, received, closed } = rawConnection();
    socket.write(head);
    await closed;
    return received();
  }

  it("answers 414 with {error} to a 120 kB address, read whole by the client", async () => {
    const answer = await answerTo(`GET /products?q=${"a".repeat(120_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 414/);
    expect(answer).toContain('{"error":"The address is too long"}');
  });

  it("answers 431 with {error} to 40 kB of headers", async () => {
    const answer = await answerTo(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${"c".repeat(40_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toContain('{"error":"The request\'s headers are too large"}');
  });
});
