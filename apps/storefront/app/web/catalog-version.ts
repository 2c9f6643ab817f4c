import { apiReleaseAt, otherApiMessage } from "@workshop/domain/api-release.ts";
import { shopVersionsAnswer } from "@workshop/domain/shop-api/shop.ts";
import { SPOKEN_API_MAJOR } from "#app/api/spoken-api.ts";
import { storefrontConfig } from "#app/config.server.ts";

/**
 * The catalogue's version as the API last said it (`GET /api/shop/versions`, a counter the
 * database raises with every change to products and their photos, decision 022). Asked every
 * POLL_MS, so every storefront drops its kept pages within a second of a change, whichever API
 * instance made it. Null while unknown (not yet heard, or the API not answering): then no kept
 * page is served, as none can be known to be current.
 */
const POLL_MS = 250;
/** An answer older than this (the API stopped answering) no longer counts. */
const STALE_MS = 2_000;

type State = {
  version: number | null;
  heardAt: number;
  timer?: ReturnType<typeof setInterval>;
  /** The release of an API of another major, met when it was last (re)reached: the shop refuses it. */
  otherApi: string | null;
};

// One watch per process, whichever bundle (the server entry, the routes) asks first.
const slot = Symbol.for("shop.catalog-version");
const g = globalThis as { [slot]?: State };
const state: State = (g[slot] ??= { version: null, heardAt: 0, otherApi: null });

async function poll(): Promise<void> {
  try {
    const response = await fetch(`${storefrontConfig().apiUrl}/api/shop/versions`, { signal: AbortSignal.timeout(POLL_MS * 4) });
    const answer = shopVersionsAnswer.safeParse(await response.json());
    if (!response.ok || !answer.success) throw new Error(`status ${response.status}`);
    // An API reached again may be another release (deployed meanwhile): asked once each time.
    if (state.version === null) await checkRelease();
    state.version = answer.data.catalog;
    state.heardAt = Date.now();
  } catch {
    state.version = null;
  }
}

async function checkRelease(): Promise<void> {
  const { apiUrl } = storefrontConfig();
  const release = await apiReleaseAt(apiUrl, SPOKEN_API_MAJOR);
  const other = release.kind === "other" ? release.version : null;
  if (other && other !== state.otherApi) console.error(otherApiMessage("storefront", apiUrl, other, SPOKEN_API_MAJOR));
  state.otherApi = other;
}

/** The release of the API the storefront refuses to use (another major), or null. */
export const otherApiRelease = (): string | null => state.otherApi;

export function catalogVersion(): number | null {
  if (!state.timer) {
    let busy = false;
    state.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void poll().finally(() => {
        busy = false;
      });
    }, POLL_MS);
    state.timer.unref();
    void poll();
  }
  return Date.now() - state.heardAt > STALE_MS || state.otherApi ? null : state.version;
}
