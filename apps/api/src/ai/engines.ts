import { config } from "#server/config.ts";
import type { Engine } from "./engine.ts";
import { createLocalEngine } from "./local/engine.ts";
import { createRemoteEngine } from "./remote/engine.ts";

/**
 * The engine this instance's jobs run on: the remote image model when AI_IMAGE_API_URL,
 * AI_IMAGE_API_KEY and AI_IMAGE_MODEL are set, else the local one. Made once per process (the
 * local engine holds a model and a worker); tests put their own in with installEngine.
 */
const slot = Symbol.for("shop.ai-engine");
type Slot = { [slot]?: Engine };

export function currentEngine(): Engine {
  const g = globalThis as Slot;
  g[slot] ??= makeEngine();
  return g[slot];
}

function makeEngine(): Engine {
  const c = config();
  if (c.AI_IMAGE_API_URL && c.AI_IMAGE_API_KEY && c.AI_IMAGE_MODEL) {
    return createRemoteEngine({ url: c.AI_IMAGE_API_URL, apiKey: c.AI_IMAGE_API_KEY, model: c.AI_IMAGE_MODEL });
  }
  return createLocalEngine({ threads: c.AI_LOCAL_THREADS, idleMs: c.AI_WORKER_IDLE_SECONDS * 1000 });
}

/** Replaces the engine (tests); the one before is closed. */
export async function installEngine(engine: Engine | null): Promise<void> {
  const g = globalThis as Slot;
  const before = g[slot];
  if (engine) g[slot] = engine;
  else delete g[slot];
  if (before && before !== engine) await before.close();
}

/** Frees the engine at shutdown. */
export async function closeEngine(): Promise<void> {
  await installEngine(null);
}
