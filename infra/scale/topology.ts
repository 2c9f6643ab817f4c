import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type StartedXenditSimulator, startXenditSimulator } from "@workshop/api/simulators/xendit/index.ts";
import { freePorts, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";
import { type RunningS3, startS3Server } from "@workshop/testing/s3-server.ts";
import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import { startTestSmtpServer, type TestSmtpServer } from "@workshop/testing/smtp-server.ts";
import { type RunningProxy, startProxy } from "./proxy.ts";

/**
 * The compose stack (infra/compose.yaml) as processes on the loopback: one PostgreSQL database
 * (the machine's server), one S3-compatible server, Xendit (its simulator, as Xendit itself: one
 * for every instance), two API web instances and two workers, two storefronts, the console, and
 * the proxy in front (proxy.ts, the Caddyfile's routing), and an SMTP server keeping every mail
 * it receives (Mailpit's place), so the tests can count them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const apiMain = path.join(root, "apps/api/src/main.ts");
const storefrontMain = path.join(root, "apps/storefront/server/main.ts");
const consoleMain = path.join(root, "apps/admin/serve.ts");

export const owner = { email: "owner@workshop.test", password: "Ubud-workshop-owner-2026" } as const;

export type ApiInstance = {
  name: string;
  /** Its own origin, past the proxy. */
  url: string;
  port: number;
  process: RunningProcess;
};

type StorefrontInstance = { url: string; port: number; process: RunningProcess };

export type Topology = {
  databaseUrl: string;
  dataDir: string;
  xendit: StartedXenditSimulator;
  mail: TestSmtpServer;
  /** The shop's Xendit secret key (the simulator's account) and its staff API token. */
  xenditKey: string;
  staffToken: string;
  /** The console's address as the API knows it (ADMIN_URL): staff requests come from this origin. */
  adminUrl: string;
  /** Both API web instances; `restart(i)` starts instance i again on its port (after it stopped). */
  web: ApiInstance[];
  workers: ApiInstance[];
  storefronts: StorefrontInstance[];
  console: string;
  proxy: RunningProxy;
  /** The front door's hosts, sent as Host to `proxy.front`. */
  hosts: { shop: string; admin: string; api: string };
  restart: (i: number) => Promise<void>;
  /** Starts storefront i again on its port (after it stopped). */
  restartStorefront: (i: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** Starts the whole stack; null when no PostgreSQL server answers (the tests then skip). */
export async function startTopology(): Promise<Topology | null> {
  const database = await scratchPostgresDatabase("shop_scale");
  if (!database) return null;
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-scale-"));
  const started: { close: () => Promise<unknown> }[] = [];
  try {
    const s3: RunningS3 = await startS3Server();
    started.push(s3);
    const mail = await startTestSmtpServer();
    started.push(mail);
    const [web1, web2, worker1, worker2, shop1, shop2, consolePort] = await freePorts(7);
    const webPorts = [web1!, web2!];
    const secretKey = `xnd_development_${randomBytes(16).toString("hex")}`;
    const callbackToken = randomBytes(24).toString("hex");
    const staffToken = randomBytes(24).toString("hex");
    const adminUrl = "http://admin.localhost";
    const webUrls = webPorts.map((port) => `http://127.0.0.1:${port}`);
    const storefrontUrls = [shop1!, shop2!].map((port) => `http://127.0.0.1:${port}`);
    // In front from the start: an instance is in the turn once its health check passes.
    // The API's web instances, behind the api host, the console host's /api/* and the API's own door.
    const apiWeb = { origins: webUrls, healthPath: "/readyz" };
    const proxy = await startProxy({
      hosts: {
        "shop.localhost": { origins: storefrontUrls, healthPath: "/readyz" },
        "admin.localhost": { origins: [`http://127.0.0.1:${consolePort}`], healthPath: "/healthz" },
        "api.localhost": apiWeb,
      },
      api: apiWeb,
      apiOnHosts: ["admin.localhost"],
    });
    started.push(proxy);
    // Xendit's webhooks land on the second instance, whichever instance started the payment.
    const xendit = await startXenditSimulator({
      secretKey,
      callbackToken,
      callbackUrl: `${webUrls[1]}/api/xendit/webhook`,
      retryDelaysMs: [500, 2_000],
      stateFile: path.join(dataDir, "xendit.json"),
    });
    started.push(xendit);

    const apiEnv: Record<string, string> = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: "https://shop.localhost",
      ADMIN_URL: adminUrl,
      ADMIN_API_TOKEN: staffToken,
      XENDIT_SECRET_KEY: secretKey,
      XENDIT_CALLBACK_TOKEN: callbackToken,
      XENDIT_API_URL: xendit.url,
      SMTP_URL: mail.url,
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      // The load places hundreds of orders from this one machine; the contact form keeps a low
      // limit for the test of limits shared across instances.
      RATE_LIMIT_ORDERS: "100000/600",
      RATE_LIMIT_PAYMENTS: "100000/600",
      RATE_LIMIT_WRITES: "100000/60",
      RATE_LIMIT_CONTACT: "3/600",
      SHUTDOWN_DRAIN_SECONDS: "2",
      LOG_LEVEL: "warn",
      // As the stack's network: the proxy's door, on 127.0.0.1, names the client; a customer of the
      // tests connects from another loopback address (127.0.0.2…) and names no one.
      TRUST_PROXY: "127.0.0.1",
      ...s3.env,
    };
    const startApi = async (name: string, role: "web" | "worker", port: number): Promise<ApiInstance> => ({
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      process: await startNodeProcess(apiMain, {
        name,
        env: { ...apiEnv, ROLE: role, API_PORT: String(port) },
        ready: role === "web" ? "API running at" : "API worker running",
      }),
    });
    const stopAll = () => Promise.all(started.map((part) => part.close().catch(() => {})));

    // The first migrates and seeds; the others find it done (and would wait on its lock anyway).
    const web: ApiInstance[] = [await startApi("api-web-1", "web", web1!)];
    started.push({ close: () => web[0]!.process.stop() });
    const others = await Promise.all([
      startApi("api-web-2", "web", web2!),
      startApi("api-worker-1", "worker", worker1!),
      startApi("api-worker-2", "worker", worker2!),
    ]);
    web.push(others[0]);
    const workers = others.slice(1);
    for (const instance of others) started.push({ close: () => instance.process.stop() });

    const startStorefront = async (port: number, i: number): Promise<StorefrontInstance> => {
      const url = `http://127.0.0.1:${port}`;
      const process = await startNodeProcess(storefrontMain, {
        name: `storefront-${i + 1}`,
        env: {
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          PUBLIC_URL: url,
          API_URL: proxy.api,
          LOG_LEVEL: "warn",
          // Pages are kept a minute: a save must still show on both within a second.
          PAGE_CACHE_SECONDS: "60",
          SHUTDOWN_DRAIN_SECONDS: "2",
          // Behind the proxy's front door (127.0.0.1), which names each customer.
          TRUST_PROXY: "127.0.0.1",
        },
        ready: "Shop running at",
      });
      started.push({ close: process.stop });
      return { url, port, process };
    };
    const storefronts = await Promise.all([shop1!, shop2!].map(startStorefront));
    const consoleProcess = await startNodeProcess(consoleMain, {
      name: "console",
      // As the API knows them: the shop's address (a product's page, its photos) and the console's own.
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        ADMIN_PORT: String(consolePort),
        API_URL: proxy.api,
        PUBLIC_URL: apiEnv.PUBLIC_URL!,
        ADMIN_URL: adminUrl,
      },
      ready: "Staff console running at",
      keepLog: false,
    });
    started.push({ close: consoleProcess.stop });
    // As Caddy, the proxy sends to an instance once its health check has passed: the stack is ready then.
    await proxy.everyInstanceUp();

    return {
      databaseUrl: database.url,
      dataDir,
      xendit,
      mail,
      xenditKey: secretKey,
      staffToken,
      adminUrl,
      web,
      workers,
      storefronts,
      console: `http://127.0.0.1:${consolePort}`,
      proxy,
      hosts: { shop: "shop.localhost", admin: "admin.localhost", api: "api.localhost" },
      restart: async (i) => {
        const instance = web[i]!;
        const again = await startApi(instance.name, "web", instance.port);
        web[i] = again;
        started.push({ close: () => again.process.stop() });
      },
      restartStorefront: async (i) => {
        storefronts[i] = await startStorefront(storefronts[i]!.port, i);
      },
      stop: async () => {
        await stopAll();
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(started.map((part) => part.close().catch(() => {})));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
