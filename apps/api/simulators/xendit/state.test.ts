import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startXenditSimulator } from "./index.ts";
import { apiClient, paymentRequestBody, returnUrls, SECRET_KEY } from "./test-helpers.ts";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "xendit-sim-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the state file", () => {
  it("keeps requests, payments, sessions, idempotency keys and the clock across a restart", async () => {
    const stateFile = path.join(dir, "sandbox", "xendit.json");
    const first = await startXenditSimulator({ secretKey: SECRET_KEY, stateFile });
    const api = apiClient(first.url);
    const body = paymentRequestBody({ channel_code: "CIMB_VIRTUAL_ACCOUNT" });
    const key = { "idempotency-key": String(body.reference_id) };
    const open = (await api.v3("POST", "/payment_requests", body, key)).body;
    const card = (await api.create({ channel_code: "OVO", channel_properties: returnUrls })).body;
    const session = (await api.createSession()).body;
    const paid = (await api.control("POST", `/payment_requests/${card.payment_request_id}/pay`, {})).body;
    await api.control("POST", "/clock", { advanceSeconds: 60 });
    await first.close();

    const saved = JSON.parse(await readFile(stateFile, "utf8"));
    expect(saved.payment_requests).toHaveLength(2);
    expect(await readdir(path.dirname(stateFile))).toEqual(["xendit.json"]); // no temporary file left

    const second = await startXenditSimulator({ secretKey: SECRET_KEY, stateFile });
    try {
      const api2 = apiClient(second.url);
      expect((await api2.v3("GET", `/payment_requests/${open.payment_request_id}`)).body).toMatchObject({
        status: "REQUIRES_ACTION",
        actions: open.actions,
      });
      expect((await api2.v3("GET", `/payment_requests/${card.payment_request_id}`)).body).toMatchObject({
        status: "SUCCEEDED",
        latest_payment_id: paid.payment_id,
      });
      expect((await api2.v3("GET", `/payments/${paid.payment_id}`)).body).toEqual(paid);
      expect((await api2.getSession(session.payment_session_id)).body).toEqual(session);
      const replay = await api2.v3("POST", "/payment_requests", body, key);
      expect(replay.body.payment_request_id).toBe(open.payment_request_id);
      expect(second.now() - Date.now()).toBeGreaterThan(55_000);
      // The hosted page link points at the new simulator's address.
      expect((await api2.create({ channel_code: "DANA", channel_properties: returnUrls })).body.actions[0].value).toContain(second.url);
    } finally {
      await second.close();
    }
  });

  it("starts empty, keeping the unreadable file aside, when the file is not valid", async () => {
    const stateFile = path.join(dir, "xendit.json");
    await writeFile(stateFile, "{broken");
    const sim = await startXenditSimulator({ secretKey: SECRET_KEY, stateFile });
    try {
      expect((await apiClient(sim.url).control("GET", "/payment_requests")).body).toEqual([]);
      expect((await readdir(dir)).some((name) => name.startsWith("xendit.json.unreadable-"))).toBe(true);
    } finally {
      await sim.close();
    }
  });
});

describe("listing and reset", () => {
  it("lists requests newest first and empties everything on reset", async () => {
    const stateFile = path.join(dir, "xendit.json");
    const sim = await startXenditSimulator({ secretKey: SECRET_KEY, stateFile });
    try {
      const api = apiClient(sim.url);
      const older = (await api.create()).body;
      const newer = (await api.create({ channel_code: "QRIS" })).body;
      const list = (await api.control("GET", "/payment_requests")).body;
      expect(list.map((pr: { payment_request_id: string }) => pr.payment_request_id)).toEqual([
        newer.payment_request_id,
        older.payment_request_id,
      ]);
      const one = (await api.control("GET", `/payment_requests/${older.payment_request_id}`)).body;
      expect(one).toEqual({ payment_request: older, payments: [] });

      expect((await api.control("POST", "/reset")).status).toBe(200);
      expect((await api.control("GET", "/payment_requests")).body).toEqual([]);
      expect((await api.v3("GET", `/payment_requests/${older.payment_request_id}`)).status).toBe(404);
      await sim.flush();
      expect(JSON.parse(await readFile(stateFile, "utf8")).payment_requests).toEqual([]);
    } finally {
      await sim.close();
    }
  });
});
