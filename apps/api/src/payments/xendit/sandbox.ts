import { createHmac, randomBytes } from "node:crypto";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { sessionSecret } from "#server/auth/session-secret.ts";
import { bearerOf, isStaffAuthorization, sameSecret } from "#server/auth/staff-token.ts";
import { config, paymentsSandbox } from "#server/config.ts";
import { createXenditSimulator, type XenditSimulator } from "#simulators/xendit/index.ts";
import { connectXendit, sandboxCallbackToken } from "./connection.ts";

/** Where the sandbox lives inside the shop's own server. */
export const SANDBOX_PATH = "/_sandbox/xendit";
/**
 * The key the shop's client sends to its sandbox (an xnd_development_ key, as Xendit's test keys
 * are), derived from the shop's own secret: with a key anyone can read in the source, anyone could
 * cancel or pay (simulate) a customer's payment through the sandbox's API. Stable across restarts.
 */
const sandboxKey = () => `xnd_development_${createHmac("sha256", sessionSecret()).update("xendit-sandbox-key").digest("base64url")}`;

// Process-wide: the server entry starts the sandbox, the bundled routes call its control API.
const slot = Symbol.for("shop.xendit-sandbox");
/** `controlToken`: this process's own key to the control API (the checkout's sandbox buttons). */
type Sandbox = { simulator: XenditSimulator; localBase: string; controlToken: string };
const g = globalThis as { [slot]?: Sandbox };

/**
 * Without a Xendit key the shop runs the Xendit simulator itself, under /_sandbox/xendit, and
 * talks to it over HTTP on the loopback exactly as it would to Xendit. Its state is kept in
 * DATA_DIR, so sandbox payments survive a restart.
 */
export function startXenditSandbox(port: number): void {
  if (!paymentsSandbox() || g[slot]) return;
  const c = config();
  const host = c.HOST === "0.0.0.0" || c.HOST === "::" ? "127.0.0.1" : c.HOST;
  const loopback = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const localBase = `${loopback}${SANDBOX_PATH}`;
  const callbackToken = sandboxCallbackToken();
  const secretKey = sandboxKey();
  const simulator = createXenditSimulator({
    secretKey,
    publicUrl: `${c.publicUrl}${SANDBOX_PATH}`,
    callbackUrl: `${loopback}/api/xendit/webhook`,
    callbackToken,
    stateFile: path.join(c.DATA_DIR, "xendit-sandbox.json"),
    // Xendit returns customers only to https pages; the sandbox also serves a shop on http.
    httpReturnUrls: c.publicUrl.startsWith("http://"),
  });
  g[slot] = { simulator, localBase, controlToken: randomBytes(24).toString("base64url") };
  connectXendit({ baseUrl: localBase, secretKey, callbackToken });
}

/**
 * The sandbox's routes for the web server: `app.register(sandboxRoutes, { prefix: SANDBOX_PATH })`.
 * Whether the sandbox runs is read when the app is built, so startXenditSandbox must come first
 * (src/main.ts starts it before createApp); without it (a real Xendit configured) every path
 * here is a 404.
 */
export const sandboxRoutes: FastifyPluginAsync = async (instance) => {
  const sandbox = g[slot];
  if (!sandbox) {
    // No parser of the host's may answer first (a 400 for bad JSON instead of the 404).
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser("*", (_request, _payload, done) => done(null));
    for (const url of ["/", "/*"]) {
      instance.all(url, (_request, reply) => {
        reply.code(404).send({ error: "Not found" });
      });
    }
    return;
  }
  const prefix = instance.prefix;
  instance.addHook("onRequest", async (request, reply) => {
    // The route that matched, not the raw URL: the router also takes /%5Fcontrol/... (and, if the
    // host says so, other spellings) for /_control/...; an unknown path has no route.
    const below = (request.routeOptions.url ?? request.url).slice(prefix.length);
    if (!below.startsWith("/_control")) return;
    const caller = {
      authorization: request.headers.authorization,
      remoteAddress: request.socket.remoteAddress,
      nodeEnv: config().NODE_ENV,
    };
    if (mayControl(caller, sandbox.controlToken)) return;
    reply.code(403).send({
      error_code: "FORBIDDEN",
      message: "The sandbox control API answers only to staff (Authorization: Bearer <ADMIN_API_TOKEN>)",
    });
  });
  await instance.register(sandbox.simulator.plugin);
};

const loopbackAddresses = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The control API lists every payment with its order and pays or fails any of them: staff only
 * (the bearer token), the shop itself, and in development and tests anything on this machine.
 * Behind a proxy every request comes from the loopback, so production never trusts the address.
 */
export function mayControl(
  caller: { authorization: string | undefined; remoteAddress: string | undefined; nodeEnv: string },
  controlToken: string,
): boolean {
  if (isStaffAuthorization(caller.authorization)) return true;
  const bearer = bearerOf(caller.authorization);
  if (bearer && sameSecret(bearer, controlToken)) return true;
  return caller.nodeEnv !== "production" && loopbackAddresses.has(caller.remoteAddress ?? "");
}

/** A call to the sandbox's control API (pay, fail or expire a payment from the checkout pages). */
export async function sandboxControl(pathname: string, body: object = {}): Promise<void> {
  const sandbox = g[slot];
  if (!sandbox) throw new Error("The Xendit sandbox is not running");
  const response = await fetch(`${sandbox.localBase}/_control${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${sandbox.controlToken}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`Sandbox ${pathname}: ${response.status} ${await response.text()}`);
}

export async function stopXenditSandbox(): Promise<void> {
  await g[slot]?.simulator.close();
  delete g[slot];
}
