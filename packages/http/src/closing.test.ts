import { Agent, get, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify from "fastify";
import { expect, it } from "vitest";
import { closeConnectionsWhenClosing } from "./closing.ts";

/**
 * A keep-alive client whose answer was on its way when the server began to stop (headers sent
 * with keep-alive, body still streaming): it gets its whole answer, and its connection, idle
 * afterwards, does not hold the stop until the keep-alive timeout.
 */
it("an answer under way when the server stops is finished, and its connection then closed, so the stop does not wait", async () => {
  const app = Fastify();
  closeConnectionsWhenClosing(app);
  let finishBody = () => {};
  app.get("/streamed", (_request, reply) => {
    const body = new Readable({ read() {} });
    body.push("first half, ");
    finishBody = () => {
      body.push("second half");
      body.push(null);
    };
    return reply.send(body);
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const agent = new Agent({ keepAlive: true });
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${address}/streamed`, { agent }, resolve).on("error", reject),
    );
    expect(response.headers.connection).toBe("keep-alive");
    const text = (async () => {
      let all = "";
      for await (const chunk of response) all += chunk;
      return all;
    })();

    const closed = app.close().then(() => "closed");
    await sleep(200);
    finishBody();
    expect(await text).toBe("first half, second half");
    expect(await Promise.race([closed, sleep(3_000).then(() => "still waiting for the idle connection")])).toBe("closed");
  } finally {
    agent.destroy();
    await app.close();
  }
});
