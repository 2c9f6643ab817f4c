import { z } from "zod";

/**
 * Which release of the API a client meets. The storefront and the console each say which major
 * release of the API they are written for (their calls and the schemas of this package). An API
 * of another major may have removed or changed what they call, so they refuse it.
 */
const health = z.object({ app: z.literal("@workshop/api"), version: z.string().regex(/^\d+\.\d+\.\d+/) });

export type ApiRelease = { kind: "spoken" } | { kind: "other"; version: string } | { kind: "unknown" };

/**
 * The API's release as its `/healthz` says it, against `major`: "unknown" when it does not answer
 * (it may come up later) or answers something else.
 */
export async function apiReleaseAt(apiUrl: string, major: number, timeoutMs = 2_000): Promise<ApiRelease> {
  try {
    const response = await fetch(`${apiUrl}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    const answer = health.safeParse(await response.json());
    if (!response.ok || !answer.success) return { kind: "unknown" };
    return Number(answer.data.version.split(".")[0]) === major ? { kind: "spoken" } : { kind: "other", version: answer.data.version };
  } catch {
    return { kind: "unknown" };
  }
}

/** How long a client started with `--wait-for-api` (as `npm start` starts them) waits for the API to answer. */
const API_START_WAIT_MS = 60_000;
const ASK_AGAIN_MS = 500;

/**
 * The API's release as soon as it answers, asked again every half second for at most `waitMs`
 * (under `npm start` the API may still be opening its database): "unknown" only when it has not
 * answered in that time. `onWait` runs once, when the first answer is missing, so a client says it
 * is waiting in one line instead of logging every refused connection.
 */
export async function waitForApiRelease(
  apiUrl: string,
  major: number,
  { waitMs = API_START_WAIT_MS, onWait }: { waitMs?: number; onWait?: () => void } = {},
): Promise<ApiRelease> {
  const deadline = Date.now() + waitMs;
  let release = await apiReleaseAt(apiUrl, major);
  if (release.kind === "unknown" && Date.now() < deadline) onWait?.();
  while (release.kind === "unknown" && Date.now() + ASK_AGAIN_MS < deadline) {
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
    release = await apiReleaseAt(apiUrl, major, Math.min(2_000, Math.max(100, deadline - Date.now())));
  }
  return release;
}

/** What a client says when it meets an API of another major release. */
export function otherApiMessage(client: string, apiUrl: string, version: string, major: number): string {
  return (
    `The API at ${apiUrl} is release ${version}; this ${client} is written for its ${major}.x releases and will not use it. ` +
    `Deploy the ${client} built for API ${version.split(".")[0]}, or set API_URL to an API ${major}.x.`
  );
}
