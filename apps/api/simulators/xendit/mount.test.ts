import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createXenditSimulator, type XenditSimulator } from "./index.ts";
import { apiClient, returnUrls, SECRET_KEY } from "./test-helpers.ts";

// As the shop runs it in sandbox mode: the router under /_sandbox/xendit inside another app.
let base: string;
let origin: string;
let sim: XenditSimulator;
let server: ReturnType<typeof createServer>;

beforeAll(async () => {
  const app = express();
  app.use(express.json()); // a body parser before the router must not get in its way
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `${origin}/_sandbox/xendit`;
  sim = createXenditSimulator({ secretKey: SECRET_KEY, publicUrl: `${base}/` });
  app.use("/_sandbox/xendit", sim.router);
  app.get("/shop-page", (_req, res) => {
    res.send("the shop");
  });
});

afterAll(async () => {
  await sim.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
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
