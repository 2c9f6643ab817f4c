import { mkdirSync, readFileSync, renameSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Payment, PaymentRequest, PaymentSession, Refund } from "./types.ts";

type IdempotencyEntry = { bodyHash: string; paymentRequestId: string };

/** The simulator's whole state: what a restart with a state file brings back. */
export type Store = {
  paymentRequests: Map<string, PaymentRequest>;
  payments: Map<string, Payment>;
  sessions: Map<string, PaymentSession>;
  /** idempotency-key header → the body it came with and the request it created. */
  idempotency: Map<string, IdempotencyEntry>;
  refunds: Map<string, Refund>;
  /** idempotency-key header of POST /refunds → the refund it created. */
  refundKeys: Map<string, string>;
  /** Added to the options' clock by POST /_control/clock. */
  clockOffsetMs: number;
  /** Call after every change: schedules a write of the state file. */
  changed(): void;
  /** Writes the state file now, if there is one and something changed. */
  flush(): Promise<void>;
  reset(): void;
};

type StateFile = {
  version: 1;
  clock_offset_ms: number;
  payment_requests: PaymentRequest[];
  payments: Payment[];
  /** Absent in files written before sessions were simulated. */
  payment_sessions?: PaymentSession[];
  idempotency_keys: Array<IdempotencyEntry & { key: string }>;
  /** Absent in files written before refunds were simulated. */
  refunds?: Refund[];
  refund_idempotency_keys?: Array<{ key: string; refund_id: string }>;
};

// Many changes come in bursts (create, then pay, then a webhook); one write covers them.
const WRITE_DELAY_MS = 25;

export function createStore(stateFile?: string): Store {
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();

  const store: Store = {
    paymentRequests: new Map(),
    payments: new Map(),
    sessions: new Map(),
    idempotency: new Map(),
    refunds: new Map(),
    refundKeys: new Map(),
    clockOffsetMs: 0,
    changed() {
      if (!stateFile) return;
      dirty = true;
      timer ??= setTimeout(() => void store.flush(), WRITE_DELAY_MS).unref();
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      if (!stateFile || !dirty) return writing;
      dirty = false;
      const text = JSON.stringify(serialize(store));
      writing = writing
        .then(() => writeAtomically(stateFile, text))
        .catch((error: unknown) => console.error("xendit simulator: cannot write state:", error));
      return writing;
    },
    reset() {
      store.paymentRequests.clear();
      store.payments.clear();
      store.sessions.clear();
      store.idempotency.clear();
      store.refunds.clear();
      store.refundKeys.clear();
      store.clockOffsetMs = 0;
      store.changed();
    },
  };
  if (stateFile) load(stateFile, store);
  return store;
}

function serialize(store: Store): StateFile {
  return {
    version: 1,
    clock_offset_ms: store.clockOffsetMs,
    payment_requests: [...store.paymentRequests.values()],
    payments: [...store.payments.values()],
    payment_sessions: [...store.sessions.values()],
    idempotency_keys: [...store.idempotency].map(([key, entry]) => ({ key, ...entry })),
    refunds: [...store.refunds.values()],
    refund_idempotency_keys: [...store.refundKeys].map(([key, refundId]) => ({ key, refund_id: refundId })),
  };
}

function load(file: string, store: Store): void {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    const state = JSON.parse(text) as StateFile;
    if (state.version !== 1) throw new Error(`unknown version ${String(state.version)}`);
    for (const request of state.payment_requests) store.paymentRequests.set(request.payment_request_id, request);
    for (const payment of state.payments) store.payments.set(payment.payment_id, payment);
    for (const session of state.payment_sessions ?? []) store.sessions.set(session.payment_session_id, session);
    for (const { key, ...entry } of state.idempotency_keys) store.idempotency.set(key, entry);
    for (const refund of state.refunds ?? []) store.refunds.set(refund.id, refund);
    for (const { key, refund_id } of state.refund_idempotency_keys ?? []) store.refundKeys.set(key, refund_id);
    store.clockOffsetMs = state.clock_offset_ms;
  } catch (error) {
    // A sandbox should start anyway; the unreadable file is kept beside for a look.
    const aside = `${file}.unreadable-${Date.now()}`;
    mkdirSync(path.dirname(file), { recursive: true });
    renameSync(file, aside);
    console.warn(`xendit simulator: state file ${file} could not be read (${String(error)}); moved to ${aside}, starting empty`);
  }
}

/** A reader never sees half a file: write a temporary file, then rename it over the old one. */
async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}
