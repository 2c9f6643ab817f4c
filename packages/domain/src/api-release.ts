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

/** What a client says when it meets an API of another major release. */
export function otherApiMessage(client: string, apiUrl: string, version: string, major: number): string {
  return (
    `The API at ${apiUrl} is release ${version}; this ${client} is written for its ${major}.x releases and will not use it. ` +
    `Deploy the ${client} built for API ${version.split(".")[0]}, or set API_URL to an API ${major}.x.`
  );
}
