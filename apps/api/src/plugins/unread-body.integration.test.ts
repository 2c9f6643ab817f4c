import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

let shop: TestApp;
let port: number;
beforeAll(async () => {
  shop = await startTestApp();
  await shop.app.listen({ port: 0, host: "127.0.0.1" });
  port = (shop.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await shop?.close();
});

/** A connection that collects what the server sends and says when it closes. */
function openConnection() {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  let closed = false;
  socket.setEncoding("utf8");
  socket.on("data", (text: string) => {
    received += text;
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    closed = true;
  });
  // The status lines; an answer's body (JSON) ends without a line break.
  const answers = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
  const until = async (done: () => boolean, what: string) => {
    for (let waited = 0; !done(); waited += 10) {
      if (waited > 5000) throw new Error(`No ${what}; received: ${received}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    write: (text: string | Buffer) =>
      new Promise<void>((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve()))),
    answers,
    untilAnswers: (count: number) => until(() => answers().length >= count, `answer ${count}`),
    isClosed: () => closed,
    end: () => socket.destroy(),
  };
}

const boundary = "----refused-upload";
const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="hat.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
const partTail = `\r\n--${boundary}--\r\n`;

it("answers a refused upload at once, reads the rest of its body, and keeps the connection for the next request", async () => {
  const photo = Buffer.alloc(2 * 1024 * 1024, 0xff);
  const length = Buffer.byteLength(partHead) + photo.length + Buffer.byteLength(partTail);
  const connection = openConnection();
  await connection.write(
    `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n${partHead}`,
  );
  // A stranger is refused before the photo is sent...
  await connection.untilAnswers(1);
  expect(connection.answers()).toEqual(["HTTP/1.1 401"]);
  // ...and the photo the client was still sending is taken, not met with a broken pipe.
  await connection.write(photo);
  await connection.write(partTail);
  await connection.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  await connection.untilAnswers(2);
  expect(connection.answers()).toEqual(["HTTP/1.1 401", "HTTP/1.1 200"]);
  expect(connection.isClosed()).toBe(false);
  connection.end();
});

it("closes the connection after refusing a body declared larger than it would read", async () => {
  const tooLarge = openConnection();
  await tooLarge.write(
    `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`,
  );
  await tooLarge.untilAnswers(1);
  expect(tooLarge.answers()).toEqual(["HTTP/1.1 401"]);
  for (let waited = 0; !tooLarge.isClosed() && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(tooLarge.isClosed()).toBe(true);
});
