/**
 * For the simulator's tests: a webhook receiver on a random port and a small HTTP client that
 * talks to the simulator as the shop would.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { API_VERSION, type SimulatorOptions, type StartedXenditSimulator, startXenditSimulator, type WebhookBody } from "./index.ts";

export const SECRET_KEY = "xnd_development_simulator_tests";
export const CALLBACK_TOKEN = "callback-token-for-tests";

type ReceivedWebhook = { headers: IncomingHttpHeaders; body: WebhookBody };

export type WebhookReceiver = {
  url: string;
  /** Every POST that reached the receiver, answered 2xx or not. */
  requests: ReceivedWebhook[];
  /** Only the ones it answered with 2xx. */
  accepted(): ReceivedWebhook[];
  close(): Promise<void>;
};

/** `status(n)` decides the answer to the n-th request (1, 2, …); 200 by default. */
export async function startWebhookReceiver(status: (n: number, body: WebhookBody) => number = () => 200): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as WebhookBody;
      requests.push({ headers: req.headers, body });
      const answer = status(requests.length, body);
      answers.push(answer);
      res.writeHead(answer, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/xendit/webhook`,
    requests,
    accepted: () => requests.filter((_, index) => (answers[index] ?? 0) < 300),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Harness = {
  sim: StartedXenditSimulator;
  receiver: WebhookReceiver;
  api: ApiClient;
  close(): Promise<void>;
};

/** A simulator sending webhooks to a fresh receiver. */
export async function startHarness(
  options: Partial<Omit<SimulatorOptions, "publicUrl">> & { receiverStatus?: (n: number, body: WebhookBody) => number } = {},
): Promise<Harness> {
  const { receiverStatus, ...simOptions } = options;
  const receiver = await startWebhookReceiver(receiverStatus);
  const sim = await startXenditSimulator({
    secretKey: SECRET_KEY,
    callbackUrl: receiver.url,
    callbackToken: CALLBACK_TOKEN,
    simulateDelayMs: 20,
    retryDelaysMs: [50, 100, 150],
    ...simOptions,
  });
  return {
    sim,
    receiver,
    api: apiClient(sim.url),
    async close() {
      await sim.close();
      await receiver.close();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever body it asked for
export type Answer<T = any> = { status: number; body: T; headers: Headers };

type ApiClient = ReturnType<typeof apiClient>;

export function apiClient(baseUrl: string) {
  const auth = `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}`;
  const v3Headers = { authorization: auth, "api-version": API_VERSION };

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.includes("json");
    return { status: response.status, body: isJson && text ? JSON.parse(text) : text, headers: response.headers };
  }

  return {
    call,
    v3: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(method, `/v3${path}`, body, { ...v3Headers, ...headers }),
    create: (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      call("POST", "/v3/payment_requests", paymentRequestBody(overrides), { ...v3Headers, ...headers }),
    control: (method: string, path: string, body?: unknown) => call(method, `/_control${path}`, body),
    /** POST /sessions with a valid PAY body for cards; `overrides` replace top-level fields. */
    createSession: (overrides: Record<string, unknown> = {}) => call("POST", "/sessions", sessionBody(overrides), { authorization: auth }),
    getSession: (id: string) => call("GET", `/sessions/${id}`, undefined, { authorization: auth }),
    /** Submits a session's hosted checkout form as a browser would (urlencoded). */
    async submitSessionPage(id: string, fields: Record<string, string>): Promise<Answer<string>> {
      const response = await fetch(`${baseUrl}/pay/sessions/${id}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
      return { status: response.status, body: await response.text(), headers: response.headers };
    },
    /** Submits the hosted page's form as a browser would (urlencoded). */
    async submitPayPage(id: string, fields: Record<string, string>): Promise<Answer<string>> {
      const response = await fetch(`${baseUrl}/pay/${id}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
      return { status: response.status, body: await response.text(), headers: response.headers };
    },
  };
}

let references = 0;

/** A valid create body; `overrides` replace top-level fields. */
export function paymentRequestBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  references += 1;
  return {
    reference_id: `order-${process.pid}-${references}:1`,
    type: "PAY",
    country: "ID",
    currency: "IDR",
    request_amount: 150_000,
    channel_code: "BCA_VIRTUAL_ACCOUNT",
    channel_properties: {},
    description: "Pandan fedora",
    ...overrides,
  };
}

/** A valid PAY session body for cards; `overrides` replace top-level fields. */
function sessionBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  references += 1;
  return {
    reference_id: `order-${process.pid}-${references}:1`,
    session_type: "PAY",
    mode: "PAYMENT_LINK",
    amount: 185_000,
    currency: "IDR",
    country: "ID",
    customer: {
      reference_id: `cust${references}`,
      type: "INDIVIDUAL",
      email: "ketut@example.com",
      individual_detail: { given_names: "Ketut", surname: "Sari" },
    },
    allowed_payment_channels: ["CARDS"],
    success_return_url: "https://shop.test/checkout/return?attempt=1",
    cancel_return_url: "https://shop.test/checkout/return?attempt=1&failed=1",
    description: "Pandan fedora",
    ...overrides,
  };
}

export const returnUrls = {
  success_return_url: "https://shop.test/checkout/success",
  failure_return_url: "https://shop.test/checkout/failed",
};

/**
 * A host app as the shop is to the simulator: its own strict JSON parser, which must not get in the
 * way of the plugin's own.
 */
export function hostWithOwnJsonParser(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(error as Error);
    }
  });
  return app;
}
