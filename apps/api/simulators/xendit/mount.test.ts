import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createXenditSimulator, type XenditSimulator } from "./index.ts";
import { apiClient, hostWithOwnJsonParser, returnUrls, SECRET_KEY } from "./test-helpers.ts";

// As the shop runs it in sandbox mode: the plugin under /_sandbox/xendit inside another app.
let base: string;
let origin: string;
let sim: XenditSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  app = hostWithOwnJsonParser();
  app.get("/shop-page", async () => "the shop");
  // The simulator needs its public URL, so bind the port before its routes are added.
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  base = `${origin}/_sandbox/xendit`;
  sim = createXenditSimulator({ secretKey: SECRET_KEY, publicUrl: `${base}/` });
  await app.register(sim.plugin, { prefix: "/_sandbox/xendit" });
  await app.ready();
});

afterAll(async () => {
  await sim.close();
  app.server.closeAllConnections();
  await app.close();
});

it("serves the API and the hosted pages under a sub-path", async () => {
  const api = apiClient(base);
  const created = await api.create({ channel_code: "OVO", channel_properties: returnUrls });
  expect(created.status).toBe(201);
  const pageUrl = created.body.actions[0].value;
  expect(pageUrl).toBe(`${base}/pay/${created.body.payment_request_id}`);
  expect((await fetch(pageUrl)).status).toBe(200);
  // The form posts to the page's own URL (it has no action attribute).
  const posted = await fetch(pageUrl, { method: "POST", body: new URLSearchParams({ outcome: "cancel" }), redirect: "manual" });
  expect(posted.status).toBe(303);
  expect((await api.v3("GET", `/payment_requests/${created.body.payment_request_id}`)).body.status).toBe("CANCELED");
  expect((await api.control("GET", "/payment_requests")).body).toHaveLength(1);
  // A session's hosted checkout too.
  const session = (await api.createSession()).body;
  expect(session.payment_link_url).toBe(`${base}/pay/sessions/${session.payment_session_id}`);
  expect((await fetch(session.payment_link_url)).status).toBe(200);
  expect(await (await fetch(`${origin}/shop-page`)).text()).toBe("the shop");
});
