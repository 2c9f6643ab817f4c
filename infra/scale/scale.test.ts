import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { CSRF_HEADER } from "@workshop/domain/staff-api.ts";
import { baliAddress, newYorkAddress, orderPayload } from "@workshop/testing/sample-orders.ts";
import pg from "pg";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startLoad } from "./load.ts";
import { type ApiInstance, owner, startTopology } from "./topology.ts";

/**
 * The compose stack's shape as processes on this machine (topology.ts): what holds when the API
 * runs as several instances on one PostgreSQL and one bucket, behind a balancing proxy.
 */
const stack = await startTopology();
const db = stack ? new pg.Pool({ connectionString: stack.databaseUrl, max: 2 }) : null;

afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const staff = () => ({ Authorization: `Bearer ${stack!.staffToken}` });
const query = async <T>(text: string, values: unknown[] = []) => (await db!.query(text, values)).rows as T[];

/** Through the proxy's front door, as a browser or Xendit reaches the shop: `host` picks the site. */
async function front(host: string, path: string, init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string } = {}) {
  const response = await request(stack!.proxy.front + path, {
    method: init.method ?? "GET",
    headers: { ...init.headers, host },
    body: init.body,
  });
  return { status: response.statusCode, text: await response.body.text() };
}

/** Waits until `check` holds (every 100 ms), at most `ms`; answers whether it did. */
async function until(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await sleep(100);
  }
}

/**
 * As an orchestrator rolls out (Kubernetes' readiness gate): the next instance is stopped only once
 * the new one is ready and the proxy's health check (every 250 ms) has had time to see it.
 */
async function ready(origin: string): Promise<void> {
  expect(await until(30_000, async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status === 200)).toBe(true);
  await sleep(1_000);
}

let sample: Awaited<ReturnType<typeof orderPayload>>;
beforeAll(async () => {
  if (!stack) return;
  sample = await orderPayload(stack.web[0]!.url);
  // The cash sweep runs every five minutes; here every minute, so one of its runs falls within the test.
  await query("update pgboss.schedule set cron = '* * * * *' where name = 'orders-cancel-unpaid-cash'");
});

/** Places an order for `email` through `origin`; its id and the checkout's cookie. */
async function placeOrder(origin: string, email: string, fields: Record<string, unknown> = {}) {
  const response = await fetch(`${origin}/api/orders`, json({ ...sample, shippingAddress: { ...newYorkAddress, email }, ...fields }));
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, cookie: response.headers.get("set-cookie")?.split(";")[0] ?? "" };
}

const orderOn = async (instance: ApiInstance, id: string) =>
  (await (await fetch(`${instance.url}/api/orders/${id}`, { headers: staff() })).json()) as {
    paymentStatus: string;
    status: string;
    orderNumber: string;
  };

describe.skipIf(!stack)("the shop scaled out: two API web instances, two workers, two storefronts, one database", () => {
  it("the front door routes each host to its app, as the Caddyfile does", async () => {
    const shop = await front(stack!.hosts.shop, "/products");
    expect(shop.status).toBe(200);
    expect(shop.text).toContain("Ubud Classic Panama");
    const staffConsole = await front(stack!.hosts.admin, "/config.json");
    expect(staffConsole.status).toBe(200);
    expect(JSON.parse(staffConsole.text)).toMatchObject({ apiUrl: stack!.proxy.api });
    // The console's host takes its calls to the API too (one site with the staff cookie).
    expect(JSON.parse((await front(stack!.hosts.admin, "/api/admin/session")).text)).toEqual({ error: "Not signed in" });
    const api = await front(stack!.hosts.api, "/healthz");
    expect(JSON.parse(api.text)).toMatchObject({ app: "@workshop/api", role: "web" });
    expect((await front("elsewhere.example", "/")).status).toBe(421);
  });

  it("a payment started through instance A and paid by a webhook on instance B completes; A shows it paid; its mail goes out once", async () => {
    const [a] = stack!.web as [ApiInstance];
    const order = await placeOrder(a.url, "webhook@example.com");
    const started = await fetch(
      `${a.url}/api/xendit/payment-request`,
      json({ orderId: order.id, channelCode: "BCA" }, { Cookie: order.cookie }),
    );
    expect(started.status, await started.clone().text()).toBe(201);
    const { xenditPaymentId } = (await started.json()) as { xenditPaymentId: string };

    // The customer pays at the bank: Xendit says so to the shop's webhook URL, which is instance B.
    const paid = await fetch(`${stack!.xendit.url}/v3/payment_requests/${xenditPaymentId}/simulate`, {
      ...json({}),
      headers: {
        "Content-Type": "application/json",
        "api-version": "2024-11-11",
        Authorization: `Basic ${Buffer.from(`${stack!.xenditKey}:`).toString("base64")}`,
      },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const shownPaid = await until(20_000, async () => (await orderOn(a, order.id)).paymentStatus === "SUCCEEDED");
    expect(shownPaid).toBe(true);
    // Delivered to B (the topology's webhook URL), at the first try.
    const delivered = stack!.xendit.deliveries().filter((d) => d.payment_request_id === xenditPaymentId);
    expect(delivered.map((d) => [d.event, d.attempt, d.status_code])).toEqual([["payment.capture", 1, 200]]);
    // Three mails to the customer, each once: the order received, its payment confirmed, and its hat's making started.
    const subjects = () => stack!.mail.to("webhook@example.com").map((m) => m.subject);
    expect(await until(20_000, async () => subjects().length >= 3)).toBe(true);
    await sleep(2_000);
    expect(new Set(subjects()).size).toBe(3);
    expect(subjects()).toHaveLength(3);
    console.log(`webhook on the other instance: paid, shown on A; ${delivered.length} delivery; mails: ${subjects().join(" | ")}`);
  });

  it("a product saved through instance A shows on both storefronts within a second", async () => {
    const [a] = stack!.web as [ApiInstance];
    const current = (await (await fetch(`${a.url}/api/products/1`)).json()) as Record<string, unknown>;
    // Five saves in a row, each after both storefronts keep the page (and both API instances their reads).
    const rounds: number[][] = [];
    let renamed = "";
    for (let round = 0; round < 5; round++) {
      for (const shop of stack!.storefronts) expect((await fetch(`${shop.url}/products/1`)).status).toBe(200);
      renamed = `Ubud Classic Panama ${Date.now().toString(36)}`;
      const saved = await fetch(`${a.url}/api/products/1`, {
        method: "PUT",
        headers: { ...staff(), "Content-Type": "application/json" },
        body: JSON.stringify({ ...current, name: renamed }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const savedAt = performance.now();
      const name = renamed;
      rounds.push(
        await Promise.all(
          stack!.storefronts.map(async (shop) => {
            const shown = await until(5_000, async () => (await (await fetch(`${shop.url}/products/1`)).text()).includes(name));
            return shown ? performance.now() - savedAt : Number.POSITIVE_INFINITY;
          }),
        ),
      );
    }
    console.log(
      `saves through A shown on the two storefronts after ${rounds.map((ms) => ms.map((m) => m.toFixed(0)).join("/")).join(", ")} ms`,
    );
    for (const ms of rounds.flat()) expect(ms).toBeLessThan(1_000);
    // And through the proxy's front door, on whichever storefront it picks.
    expect((await front(stack!.hosts.shop, "/products/1")).text).toContain(renamed);
  });

  it("rate limits, the sign-in lockout and staff sessions hold across instances", async () => {
    const [a, b] = stack!.web as [ApiInstance, ApiInstance];
    const turns = [a, b, a, b, a, b, a, b, a, b, a];
    // The contact form: 3 messages per client in 10 minutes (this stack's setting), sent to A and B in turn.
    const customer = { "X-Forwarded-For": "203.0.113.9" };
    const message = { name: "Wayan", email: "wayan@example.com", subject: "Sizes", message: "Do you make 62 cm?", lang: "en" };
    const contact = [];
    for (const instance of turns.slice(0, 5))
      contact.push((await fetch(`${instance.url}/api/shop/contact`, json(message, customer))).status);
    expect(contact).toEqual([201, 201, 201, 429, 429]);

    // Ten wrong passwords from one address, on A and B in turn: the next try is refused on both.
    const signIn = (instance: ApiInstance, password: string, address: string) =>
      fetch(
        `${instance.url}/api/admin/session`,
        json({ email: owner.email, password }, { Origin: stack!.adminUrl, "X-Forwarded-For": address }),
      );
    const guesses = [];
    for (const instance of turns.slice(0, 10)) guesses.push((await signIn(instance, "wrong-password-1", "203.0.113.10")).status);
    expect(guesses).toEqual(Array(10).fill(401));
    expect((await signIn(a, owner.password, "203.0.113.10")).status).toBe(429);
    expect((await signIn(b, owner.password, "203.0.113.10")).status).toBe(429);

    // A session begun on A is known to B; signed out on B, it is gone on A.
    const signedIn = await signIn(a, owner.password, "203.0.113.11");
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
    const sessionOn = (instance: ApiInstance) => fetch(`${instance.url}/api/admin/session`, { headers: { Cookie: cookie } });
    expect((await sessionOn(b)).status).toBe(200);
    const out = await fetch(`${b.url}/api/admin/session`, {
      method: "DELETE",
      headers: { Cookie: cookie, Origin: stack!.adminUrl, [CSRF_HEADER]: csrfToken },
    });
    expect(out.status, await out.clone().text()).toBe(204);
    expect((await sessionOn(a)).status).toBe(401);
  });

  it("each customer is counted as itself through every hop: the front door, a storefront, the API's door, an API instance", async () => {
    // Two customers on addresses of their own (any 127.0.0.0/8 address is this machine).
    const from = (address: string) => new Agent({ localAddress: address });
    const [a, b] = [from("127.0.0.2"), from("127.0.0.3")];
    onTestFinished(async () => {
      await Promise.all([a.close(), b.close()]);
    });
    const shop = async (agent: Agent, path: string, init: { method?: "POST"; body?: string } = {}) => {
      const response = await request(stack!.proxy.front + path, {
        dispatcher: agent,
        method: init.method ?? "GET",
        headers: { host: stack!.hosts.shop, "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
        body: init.body,
      });
      await response.body.dump();
      return response.statusCode;
    };
    // The SPEC's custom request, forwarded by the storefront: 5 per customer in 10 minutes. A sends
    // a request with no fields six times (each counted, each a 400), then is refused; B is not.
    const sent = [];
    for (let i = 0; i < 6; i++) sent.push(await shop(a, "/api/custom-orders", { method: "POST", body: "{}" }));
    expect(sent).toEqual([400, 400, 400, 400, 400, 429]);
    expect(await shop(b, "/api/custom-orders", { method: "POST", body: "{}" })).toBe(400);
    // A page whose loader calls the API: 30 unknown order links per customer in 10 minutes.
    const pages = [];
    for (let i = 0; i < 31; i++) pages.push(await shop(a, `/orders/${randomBytes(16).toString("hex")}`));
    expect(pages.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(pages[30]).toBe(429);
    expect(await shop(b, `/orders/${randomBytes(16).toString("hex")}`)).toBe(404);
  });

  /** The steady load: four customers, each ordering again 20 ms after an answer (about 100 orders a second here). */
  const CLIENTS = 4;
  const PAUSE_MS = 20;

  /** Orders of one run of the load, by their number: how many rows each has in the database. */
  const rowsOf = async (run: string) =>
    new Map(
      (
        await query<{ email: string; rows: string }>(
          "select shipping_address->>'email' as email, count(*) as rows from orders where shipping_address->>'email' like $1 group by 1",
          [`${run}-%`],
        )
      ).map((row) => [Number(row.email.split("@")[0]!.split("-").at(-1)), Number(row.rows)]),
    );
  /** An order for each `n`, sent through the proxy's API door as the storefronts reach the API. */
  const orderThroughProxy = (run: string) => async (n: number) =>
    await request(`${stack!.proxy.api}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...sample, shippingAddress: { ...newYorkAddress, email: `${run}-${n}@example.com` } }),
    }).then(async (response) => {
      await response.body.dump();
      return response.statusCode;
    });

  it("kill -9 of one API instance under a steady load of orders: the proxy moves on; no accepted order is lost or doubled", async () => {
    const load = startLoad(CLIENTS, PAUSE_MS, orderThroughProxy("kill"));
    await sleep(3_000);
    const inFlight = load.inFlight();
    const child = stack!.web[0]!.process.child;
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    const killedAt = performance.now();
    await exited;
    // Started again whatever this test finds, so the tests after it meet the whole stack.
    onTestFinished(() => stack!.restart(0));
    // The signal is delivered, and the death seen here, a moment later: orders sent meanwhile may
    // have reached the instance too.
    const diedAt = performance.now();
    await sleep(4_000);
    const sent = await load.stop();
    const accepted = sent.filter((s) => s.status === 201);
    const failed = sent.filter((s) => s.status !== 201);
    const rows = await rowsOf("kill");
    console.log(
      `kill -9 under load: ${sent.length} orders sent, ${accepted.length} accepted, ${failed.length} failed ` +
        `(${inFlight} in flight at the kill, ${sent.filter((s) => s.startedAt > killedAt && s.startedAt <= diedAt).length} sent before its death was seen ${(diedAt - killedAt).toFixed(0)} ms later); ` +
        `${accepted.filter((s) => s.startedAt > diedAt).length} accepted after it`,
    );
    // What failed was under way as the process died: sent before its death was seen here.
    for (const s of failed) {
      expect(s.startedAt, `order ${s.n} failed: ${s.status} ${s.error ?? ""}`).toBeLessThanOrEqual(diedAt);
      expect(s.endedAt, `order ${s.n} failed before the kill: ${s.status} ${s.error ?? ""}`).toBeGreaterThanOrEqual(killedAt);
    }
    for (const s of accepted) expect(rows.get(s.n), `order ${s.n}`).toBe(1);
    expect([...rows.values()].every((count) => count === 1)).toBe(true);
    expect(accepted.filter((s) => s.startedAt > diedAt).length).toBeGreaterThan(0);
  });

  it("a rolling restart (SIGTERM one instance at a time) under a steady load of orders loses nothing", async () => {
    const load = startLoad(CLIENTS, PAUSE_MS, orderThroughProxy("rolling"));
    await sleep(1_500);
    for (const i of [0, 1]) {
      const instance = stack!.web[i]!;
      const stopped = instance.process.stop();
      // Draining (SHUTDOWN_DRAIN_SECONDS): unready, so the proxy moves on, and still answering.
      expect(await until(1_500, async () => (await fetch(`${instance.url}/readyz`)).status === 503)).toBe(true);
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
      await stopped;
      await stack!.restart(i);
      await ready(stack!.web[i]!.url);
    }
    const sent = await load.stop();
    const rows = await rowsOf("rolling");
    const failed = sent.filter((s) => s.status !== 201);
    console.log(`rolling restart under load: ${sent.length} orders sent, ${sent.length - failed.length} accepted, ${failed.length} failed`);
    expect(failed.map((s) => `${s.n}: ${s.status} ${s.error ?? ""}`)).toEqual([]);
    for (const s of sent) expect(rows.get(s.n), `order ${s.n}`).toBe(1);
    expect(rows.size).toBe(sent.length);
  });

  it("a rolling restart of the storefronts under a steady stream of visitors drops no page", async () => {
    const pages = ["/", "/products", "/products/1", "/ru/products/2", "/custom"];
    const load = startLoad(CLIENTS, PAUSE_MS, async (n) => (await front(stack!.hosts.shop, pages[n % pages.length]!)).status);
    await sleep(1_500);
    for (const i of [0, 1]) {
      await stack!.storefronts[i]!.process.stop();
      await stack!.restartStorefront(i);
      await ready(stack!.storefronts[i]!.url);
    }
    const sent = await load.stop();
    const failed = sent.filter((s) => s.status !== 200);
    console.log(
      `rolling restart of the storefronts: ${sent.length} pages asked for, ${sent.length - failed.length} shown, ${failed.length} failed`,
    );
    expect(failed.map((s) => `${pages[s.n % pages.length]}: ${s.status} ${s.error ?? ""}`)).toEqual([]);
  });

  it("the cash sweep, the reconciliation and the mail each run once across the workers", { timeout: 240_000 }, async () => {
    // A cash order past its 7 days: the sweep cancels it, once, and tells its customer once.
    const cash = await placeOrder(stack!.web[1]!.url, "cash@example.com", {
      shippingAddress: { ...baliAddress, email: "cash@example.com" },
      shipping: { method: "PICKUP", cost: 0 },
      total: sample.price,
      paymentMethod: "CASH_IN_STORE",
    });
    // Its 7 days end at the workshop's first closing time after them, up to two days later (a
    // Saturday evening's order: Monday at 5 pm, Sunday closed): 10 days back is past it any day.
    await query("update orders set created_at = now() - interval '10 days' where id = $1", [cash.id]);
    const agedAt = new Date();
    const queues = ["orders-cancel-unpaid-cash", "payments-reconcile", "mail-sweep", "xendit-events-sweep"];
    // Each occurrence of a schedule is filed once (pg-boss's send-it job, keyed by queue and minute)
    // and becomes one job of its queue, which one worker runs.
    const occurrences = (since: Date) =>
      query<{ queue: string; slot: string }>(
        `select replace(singleton_key, '__', '') as queue, singleton_on::text as slot from pgboss.job
          where name = '__pgboss__send-it' and singleton_key = any($1) and singleton_on >= $2::timestamptz at time zone 'UTC'`,
        [queues.map((queue) => `${queue}__`), since],
      );
    type Runs = { queue: string; jobs: string; completed: string; retries: number };
    const runs = () =>
      query<Runs>(
        `select name as queue, count(*) as jobs, count(*) filter (where state = 'completed') as completed, max(retry_count) as retries
           from pgboss.job where name = any($1) group by name`,
        [queues],
      );
    // An occurrence of every schedule after the order was aged, run to the end (a minute, and pg-boss's pass).
    const done = await until(200_000, async () => {
      const due = await occurrences(new Date(agedAt.getTime() - 60_000));
      const finished = new Map((await runs()).map((r) => [r.queue, Number(r.completed)]));
      return (
        (await orderOn(stack!.web[0]!, cash.id)).status === "CANCELLED" &&
        queues.every((q) => due.some((o) => o.queue === q) && (finished.get(q) ?? 0) > 0)
      );
    });
    expect(done).toBe(true);
    await sleep(3_000);
    const filed = await occurrences(new Date(0));
    const ran = await runs();
    console.log(
      `scheduled jobs across two workers: ${ran.map((r) => `${r.queue} ${filed.filter((o) => o.queue === r.queue).length} occurrences, ${r.jobs} jobs, ${r.completed} completed`).join("; ")}`,
    );
    for (const queue of queues) {
      const count = filed.filter((o) => o.queue === queue).length;
      const run = ran.find((r) => r.queue === queue);
      // Every occurrence ran once: as many jobs as occurrences (the last may still be waiting its turn), none retried.
      expect(Number(run?.jobs), queue).toBeLessThanOrEqual(count);
      expect(Number(run?.jobs), queue).toBeGreaterThanOrEqual(count - 1);
      expect(run?.retries, queue).toBe(0);
      expect(new Set(filed.filter((o) => o.queue === queue).map((o) => o.slot)).size, queue).toBe(count);
    }

    // The aged order: cancelled once, its customer told once.
    const events = await query<{ n: string }>("select count(*) as n from order_events where order_id = $1 and status = 'CANCELLED'", [
      cash.id,
    ]);
    expect(events[0]?.n).toBe("1");
    // The workers may still be sending the load's mail: wait for its two (received, cancelled).
    const cashMail = () => stack!.mail.to("cash@example.com").map((m) => m.subject);
    expect(await until(120_000, async () => cashMail().length >= 2)).toBe(true);

    // Every order the load placed got its customer's mail once, whichever instance took it and worker sent it.
    const customers = (await query<{ email: string }>("select shipping_address->>'email' as email from orders")).map((r) => r.email);
    const unsent = () => customers.filter((email) => stack!.mail.to(email).length === 0);
    const sending = performance.now();
    expect(await until(120_000, async () => unsent().length === 0)).toBe(true);
    await sleep(3_000);
    const doubled = customers.filter((email) => /^(kill|rolling)-/.test(email) && stack!.mail.to(email).length !== 1);
    console.log(
      `order mail: ${customers.length} orders, ${stack!.mail.received.length} mails in all (the shop's copies too), the last ${((performance.now() - sending) / 1000).toFixed(0)} s after the load`,
    );
    expect(doubled).toEqual([]);
    expect(new Set(cashMail()).size).toBe(2);
    expect(cashMail()).toHaveLength(2);
  });
});
