import { customRequest } from "@workshop/testing/custom-request.ts";
import { baliAddress, newYorkAddress, orderPayload } from "@workshop/testing/sample-orders.ts";
/** Sample customers and requests shared by the HTTP tests. */

export const sampleContact = { name: "Ana", email: "ana@example.com", subject: "A hat", message: "Hello" };

export { baliAddress, customRequest, newYorkAddress, orderPayload };

/** Sends a custom request through the API and answers its id. */
export async function sendCustomRequest(origin: string, fields: Partial<typeof customRequest> = {}): Promise<number> {
  const response = await fetch(`${origin}/api/custom-orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...customRequest, ...fields }),
  });
  if (response.status !== 201) throw new Error(`The custom request was refused (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
