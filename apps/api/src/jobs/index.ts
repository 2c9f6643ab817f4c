/**
 * Background jobs on pg-boss, in the shop's own database (PGlite or PostgreSQL), so they survive
 * restarts and several instances share them. A module declares a queue and its handler once with
 * `defineJob`; `startJobs()` (src/main.ts) creates the queues, runs their workers and registers
 * their schedules. A schedule fires once per occurrence however many instances run: pg-boss files
 * each occurrence under a unique slot.
 *
 * PGlite has a single connection, and a transaction holds it for its whole callback: a job sent
 * inside one must go through that transaction (`sendJob(..., { tx })`), never beside it.
 */
import {
  type ConstructorOptions,
  fromKysely,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  type MaintenanceOptions,
  PgBoss,
  type Queue,
  type SchedulingOptions,
  type SendOptions,
  type WorkOptions,
} from "pg-boss";
import { type DatabaseHandle, database } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";

/** One job's payload and its pg-boss record (id, retryCount, retryLimit, ...). */
export type JobHandler<T extends object> = (data: T, job: JobWithMetadata<T>) => Promise<void>;

/** Queue settings: retries (retryLimit, retryDelay, retryBackoff, retryDelayMax), expiry, policy. */
type QueueSettings = Omit<Queue, "name">;
/**
 * Worker settings of this process. A worker fetches up to `batchSize` jobs at once (and fetches
 * again at once while batches come back full); the jobs of one batch run concurrently and each
 * settles on its own.
 */
type WorkerSettings = Pick<WorkOptions, "pollingIntervalSeconds" | "notifyPollingIntervalSeconds" | "localConcurrency" | "batchSize">;

export type JobOptions = {
  queue?: QueueSettings;
  work?: WorkerSettings;
  /**
   * Also run the job on a cron expression (five fields, minute resolution), e.g. every minute:
   * `{ cron: "* * * * *" }`. Once per occurrence across all instances on one database.
   */
  schedule?: { cron: string; data?: object; tz?: string };
};

export type JobDefinition<T extends object> = {
  readonly name: string;
  readonly handler: JobHandler<T>;
  readonly options: JobOptions;
};

export type StartJobsOptions = {
  /** Run workers and schedules in this process (default true); false only lets it send jobs. */
  work?: boolean;
  /** pg-boss timing, e.g. shorter cron passes in tests. */
  boss?: Partial<SchedulingOptions & MaintenanceOptions>;
  /** Per-queue settings that win over the ones given to defineJob, e.g. short retry delays in tests. */
  overrides?: Record<string, { queue?: QueueSettings; work?: WorkerSettings }>;
};

/** pg-boss keeps its tables in this schema, beside the shop's. */
export const JOBS_SCHEMA = "pgboss";

const DEFAULT_QUEUE: QueueSettings = { notify: true };
// Notify wakes a worker for a new job at once; a retry that comes due is only found by polling.
const DEFAULT_WORK: WorkerSettings = { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5, batchSize: 5 };

type Runner = {
  boss: PgBoss;
  options: StartJobsOptions;
  /** Queues set up in this run, by name. */
  registered: Map<string, Promise<void>>;
};

// A handler takes its own payload type; the registry holds them all.
// biome-ignore lint/suspicious/noExplicitAny: each definition's payload type is checked where it is defined
type AnyDefinition = JobDefinition<any>;

type State = {
  definitions: Map<string, AnyDefinition>;
  runner?: Promise<Runner>;
  stopping?: Promise<void>;
};

// Process-wide, like the database: server modules are loaded twice (entry and route bundle).
const slot = Symbol.for("shop.jobs");
function state(): State {
  const g = globalThis as { [slot]?: State };
  g[slot] ??= { definitions: new Map() };
  return g[slot];
}

/**
 * Declares a queue and its handler. Call it at module level; startJobs() sets the queue up (or
 * at once when the runner is already started). Defining a name again replaces its handler.
 */
export function defineJob<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions = {}): JobDefinition<T> {
  const definition: JobDefinition<T> = { name, handler, options };
  const s = state();
  s.definitions.set(name, definition);
  s.runner
    ?.then((runner) => register(runner, definition))
    .catch((error: unknown) => console.error(`jobs: could not set up ${name}:`, error instanceof Error ? error.message : error));
  return definition;
}

/**
 * Starts pg-boss on the process-wide database: installs or migrates its schema, sets up every
 * defined queue, runs the workers and registers the schedules. Calling it again returns the same
 * instance (the options of the first call stay).
 */
export async function startJobs(options: StartJobsOptions = {}): Promise<PgBoss> {
  const s = state();
  if (s.stopping) await s.stopping;
  s.runner ??= start(options).catch((error: unknown) => {
    s.runner = undefined;
    throw error;
  });
  return (await s.runner).boss;
}

/** Stops the workers (waiting up to 10 s for running jobs) and closes pg-boss's own connections. */
export async function stopJobs(): Promise<void> {
  const s = state();
  if (s.stopping) return s.stopping;
  const running = s.runner;
  if (!running) return;
  s.stopping = (async () => {
    try {
      const runner = await running.catch(() => undefined);
      // Within the process's stop budget (main.ts): the web server has had its share first.
      await runner?.boss.stop({ graceful: true, timeout: 6_000, close: true });
    } finally {
      s.runner = undefined;
      s.stopping = undefined;
    }
  })();
  return s.stopping;
}

/** Whether startJobs() has been called (and stopJobs() not since). */
export function jobsStarted(): boolean {
  const s = state();
  return !!s.runner && !s.stopping;
}

/** The started pg-boss instance, for what the registry does not cover. */
export async function jobs(): Promise<PgBoss> {
  const runner = state().runner;
  if (!runner) throw new Error("Jobs are not started: call startJobs() first");
  return (await runner).boss;
}

/**
 * Sends a job to a defined queue; resolves to its id, or null when the queue's policy refused it
 * (e.g. the same singletonKey already queued). With `tx`, the job is created inside that
 * transaction and exists only if it commits.
 */
export async function sendJob<T extends object>(
  job: JobDefinition<T>,
  data: T,
  options: Omit<SendOptions, "db"> & { tx?: Tx } = {},
): Promise<string | null> {
  const s = state();
  if (!s.runner || s.stopping) throw new Error(`Cannot send job ${job.name}: jobs are not started`);
  const runner = await s.runner;
  const definition = s.definitions.get(job.name);
  if (!definition) throw new Error(`Unknown job ${job.name}`);
  await register(runner, definition);
  const { tx, ...sendOptions } = options;
  const db = tx ? inTransaction(tx) : undefined;
  return runner.boss.send(job.name, data, db ? { ...sendOptions, db } : sendOptions);
}

/**
 * Sends several jobs to one queue in a single statement (send's options per job, e.g. its
 * singletonKey). Resolves to the ids of the jobs created: the queue's policy may refuse some.
 */
export async function sendJobs<T extends object>(
  job: JobDefinition<T>,
  items: readonly { data: T; singletonKey?: string }[],
  options: { tx?: Tx } = {},
): Promise<string[]> {
  if (items.length === 0) return [];
  const s = state();
  if (!s.runner || s.stopping) throw new Error(`Cannot send job ${job.name}: jobs are not started`);
  const runner = await s.runner;
  const definition = s.definitions.get(job.name);
  if (!definition) throw new Error(`Unknown job ${job.name}`);
  await register(runner, definition);
  const db = options.tx ? inTransaction(options.tx) : undefined;
  const jobs = items.map(({ data, singletonKey }) => ({ data, singletonKey }));
  return (await runner.boss.insert(job.name, jobs, db ? { db, returnId: true } : { returnId: true })) ?? [];
}

/** pg-boss's statements on the caller's transaction, with its own column names (no camelCase mapping). */
function inTransaction(tx: Tx) {
  return fromKysely(tx.withoutPlugins());
}

function createBoss(db: DatabaseHandle, timing: StartJobsOptions["boss"], work: boolean): PgBoss {
  // Maintenance and cron passes only where workers run; a sending-only process needs neither.
  const common: ConstructorOptions = { schema: JOBS_SCHEMA, useListenNotify: true, supervise: work, schedule: work };
  if (db.kind === "pglite") {
    if (!db.pglite) throw new Error("The PGlite database does not expose its client");
    // Index rebuilds (REINDEX CONCURRENTLY) are for a busy server, not an embedded database.
    return new PgBoss({ ...common, reindex: false, ...timing, db: fromPglite(db.pglite), backend: "pglite" });
  }
  if (!db.url) throw new Error("The PostgreSQL database does not expose its connection string");
  return new PgBoss({ ...common, ...timing, connectionString: db.url, max: 4, application_name: "rumah-topi-jobs" });
}

async function start(options: StartJobsOptions): Promise<Runner> {
  const db = await database();
  const boss = createBoss(db, options.boss, options.work !== false);
  boss.on("error", (error: unknown) => {
    console.error("jobs:", error instanceof Error ? error.message : error);
  });
  await boss.start();
  const runner: Runner = { boss, options, registered: new Map() };
  try {
    for (const definition of state().definitions.values()) await register(runner, definition);
  } catch (error) {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    throw error;
  }
  return runner;
}

/** Creates or updates the queue, then (when this process works) its worker and schedule: once per run. */
function register(runner: Runner, definition: AnyDefinition): Promise<void> {
  let done = runner.registered.get(definition.name);
  if (!done) {
    done = setUp(runner, definition);
    runner.registered.set(definition.name, done);
    done.catch(() => runner.registered.delete(definition.name));
  }
  return done;
}

async function setUp(runner: Runner, definition: AnyDefinition): Promise<void> {
  const { boss, options } = runner;
  const { name } = definition;
  const override = options.overrides?.[name];
  const queue: QueueSettings = { ...DEFAULT_QUEUE, ...definition.options.queue, ...override?.queue };
  if (await boss.getQueue(name)) {
    const { policy: _policy, partition: _partition, ...updatable } = queue;
    await boss.updateQueue(name, updatable);
  } else {
    await boss.createQueue(name, queue);
  }
  // Fills pg-boss's queue cache now: a send inside a PGlite transaction must not have to look the
  // queue up on the connection that transaction holds.
  await boss.findJobs(name, { key: "" });
  if (options.work === false) return;

  const work: WorkerSettings = { ...DEFAULT_WORK, ...definition.options.work, ...override?.work };
  const workOptions = { ...work, includeMetadata: true, perJobResults: true, burstWhenBatchFull: true } as const;
  await boss.work(name, workOptions, async (batch: JobWithMetadata<object>[]): Promise<JobResult[]> => {
    // The latest definition of the name: a module loaded twice defines it twice.
    const current = state().definitions.get(name) ?? definition;
    const outcomes = await Promise.allSettled(batch.map((job) => current.handler(job.data, job)));
    return outcomes.map((outcome, i) => {
      const id = batch[i]!.id;
      if (outcome.status === "fulfilled") return { id, status: "completed" };
      const error = outcome.reason as unknown;
      console.error(`jobs: ${name} ${id} failed:`, error instanceof Error ? error.message : error);
      return { id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } };
    });
  });
  const schedule = definition.options.schedule;
  if (schedule) await boss.schedule(name, schedule.cron, schedule.data ?? null, { tz: schedule.tz ?? "UTC" });
  else await boss.unschedule(name);
}
