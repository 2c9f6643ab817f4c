import { spawn } from "node:child_process";
import { type BenchDatabase, PGLITE } from "@workshop/testing/bench-databases.ts";
import { memoryOf, type ResidentPages, residentPagesOf, residentTogether } from "@workshop/testing/process-memory.ts";
import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import { verdict } from "./load.ts";
import { startApiWorker, startConsole, startShop } from "./shop.ts";

/** What a visitor's first minutes ask of the shop: its pages in both languages, the feed, the API. */
const PAGES = [
  "/",
  "/products",
  "/products/1",
  "/products/5",
  "/custom",
  "/about",
  "/contact",
  "/ru/products",
  "/api/products",
  "/sitemap.xml",
];
const ROUNDS = 20;
const SETTLE_MS = 10_000;
/**
 * The one process of the shop before the storefront had its own (the API and the pages together,
 * measured by this bench on this machine): 666 MB on PGlite, 278 MB on PostgreSQL. The API and the
 * storefront, the two processes it became, may take at most 30 % more together; the console's
 * server was a process of its own before as well, and is shown beside them.
 */
const SINGLE_PROCESS_MB = { PGlite: 666, PostgreSQL: 278 } as const;
const ALLOWED_GROWTH = 0.3;

/**
 * The shop's resident memory at rest after its pages were each asked for 20 times through the
 * storefront (and the console's first load as many times), on the embedded PGlite and on
 * PostgreSQL: each of its three processes (the API, the storefront, the staff console's server)
 * and their total, against the one process of the shop before the split.
 */
export async function idleMemoryFigures(postgresServer: string) {
  console.log(
    `\nidle memory (RSS) of the shop's three processes after ${ROUNDS} rounds of ${PAGES.length} pages and the console's first load, ${SETTLE_MS / 1000} s at rest`,
  );
  console.log(`  (an idle Node process running a .ts file takes ${(await bareNodeMb()).toFixed(0)} MB here: each process pays it once)`);
  await report(PGLITE);
  const database = await scratchPostgresDatabase("shop_bench_memory", postgresServer);
  if (!database) {
    console.log(`  PostgreSQL   skipped, no server at ${postgresServer} (set BENCH_POSTGRES_URL)`);
    return;
  }
  try {
    await report({ DATABASE_URL: database.url, label: "PostgreSQL" });
  } finally {
    await database.drop();
  }
  const scaled = await scratchPostgresDatabase("shop_bench_memory_roles", postgresServer);
  if (scaled) {
    try {
      await reportRoles({ DATABASE_URL: scaled.url, label: "PostgreSQL" });
    } finally {
      await scaled.drop();
    }
  }
}

/**
 * A scaled-out shop's processes (infra/compose.yaml, infra/k8s) at rest after the same pages: an
 * API web instance (ROLE=web), an API worker (ROLE=worker) with its scheduled jobs running, the
 * storefront and the console, each as its own container would hold it.
 */
async function reportRoles(database: BenchDatabase) {
  const { start, idle } = await measure(database, { api: { ROLE: "web" }, withWorker: true });
  console.log(`\n  by role, on ${database.label} (RSS)   API web   API worker   storefront   console`);
  console.log(`    just started               ${mb(start.api)}    ${mb(start.worker)}      ${mb(start.storefront)}   ${mb(start.console)}`);
  console.log(`    at rest after pages        ${mb(idle.api)}    ${mb(idle.worker)}      ${mb(idle.storefront)}   ${mb(idle.console)}`);
  console.log(
    "    (the worker's studio-photo engine is a process of its own, started by a job and gone after AI_WORKER_IDLE_SECONDS: docs/ai-studio.md)",
  );
}

const mb = (v: number) => `${v.toFixed(0).padStart(4)} MB`;
const percent = (v: number, base: number) => `${v >= base ? "+" : ""}${((v / base - 1) * 100).toFixed(0)} %`;

async function report(database: BenchDatabase) {
  const { start, idle, together } = await measure(database);
  const total = idle.api + idle.storefront + idle.console;
  const before = SINGLE_PROCESS_MB[database.label as keyof typeof SINGLE_PROCESS_MB];
  const bound = before * (1 + ALLOWED_GROWTH);
  console.log(`\n  ${database.label} (RSS)            API   storefront   console   sum of the three`);
  console.log(
    `    just started         ${mb(start.api)}      ${mb(start.storefront)}   ${mb(start.console)}   ${mb(start.api + start.storefront + start.console)}`,
  );
  console.log(`    at rest after pages  ${mb(idle.api)}      ${mb(idle.storefront)}   ${mb(idle.console)}   ${mb(total)}`);
  console.log(
    `    together, the pages they share (Node itself, ${mb(idle.api + idle.storefront - together.shop)} of the API's and the storefront's) counted once as the machine holds them: the API and the storefront ${mb(together.shop)}, with the console ${mb(together.all)}`,
  );
  console.log(
    `    against the one process before the split, ${before} MB: the API and the storefront ${percent(together.shop, before)} (their RSS summed ${percent(idle.api + idle.storefront, before)}); with the console, its own process then too, ${percent(together.all, before)}`,
  );
  const ok = together.shop <= bound;
  console.log(
    `    target: the API and the storefront within +${ALLOWED_GROWTH * 100} % of ${before} MB (${bound.toFixed(0)} MB): ${verdict(`idle memory on ${database.label}: the API and the storefront together <= ${bound.toFixed(0)} MB (${together.shop.toFixed(0)} MB, ${percent(together.shop, before)})`, ok)}`,
  );
}

/** What any one more process costs here: Node running a .ts file that does nothing (the runtime and its type stripping). */
async function bareNodeMb(): Promise<number> {
  const child = spawn(
    process.execPath,
    ["--input-type=module-typescript", "-e", "const wait: number = 60_000; setTimeout(() => {}, wait);"],
    {
      stdio: "ignore",
    },
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return memoryOf(child.pid!).rss;
  } finally {
    child.kill();
  }
}

/** The console's first load: its page, its settings and the files its page names. */
async function consoleFiles(origin: string): Promise<string[]> {
  const html = await (await fetch(`${origin}/`)).text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  return ["/", "/config.json", ...files];
}

type Rss = { api: number; storefront: number; console: number; worker: number };

/**
 * Starts the shop (its API with `api`'s settings; with `withWorker`, an API worker beside it on the
 * same database), asks for the pages, lets it rest and reads each process once.
 */
async function measure(
  database: BenchDatabase,
  { api = {}, withWorker = false }: { api?: Record<string, string>; withWorker?: boolean } = {},
): Promise<{ start: Rss; idle: Rss; together: { shop: number; all: number } }> {
  const shop = await startShop(database, { api });
  const started: { stop: () => Promise<void> }[] = [shop];
  try {
    const staffConsole = await startConsole(shop.apiOrigin);
    started.unshift(staffConsole.process);
    const worker = withWorker && database.DATABASE_URL ? await startApiWorker(database.DATABASE_URL) : undefined;
    if (worker) started.unshift(worker);
    const processes = [shop.api, shop.storefront, staffConsole.process, ...(worker ? [worker.process] : [])];
    const rss = (): Rss => {
      const [api, storefront, consoleRss, workerRss = 0] = processes.map(({ child }) => memoryOf(child.pid!).rss) as number[];
      return { api: api!, storefront: storefront!, console: consoleRss!, worker: workerRss };
    };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const start = rss();
    const consolePaths = await consoleFiles(staffConsole.origin);
    const fetchAll = (origin: string, paths: string[]) => paths.map(async (page) => (await fetch(origin + page)).arrayBuffer());
    for (let round = 0; round < ROUNDS; round++)
      await Promise.all([...fetchAll(shop.origin, PAGES), ...fetchAll(staffConsole.origin, consolePaths)]);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    // All figures from one reading of each process.
    const [apiPages, storefrontPages, staffPages, workerPages] = processes.map(({ child }) =>
      residentPagesOf(child.pid!),
    ) as ResidentPages[];
    return {
      start,
      idle: { api: apiPages!.rss, storefront: storefrontPages!.rss, console: staffPages!.rss, worker: workerPages?.rss ?? 0 },
      together: {
        shop: residentTogether([apiPages!, storefrontPages!]),
        all: residentTogether([apiPages!, storefrontPages!, staffPages!]),
      },
    };
  } finally {
    for (const part of started) await part.stop();
  }
}
