import { randomInt } from "node:crypto";
import type { Channel } from "./channels.ts";
import { qrisPayload } from "./qris.ts";
import type { Action, ChannelProperties } from "./types.ts";

/**
 * What the customer is given to pay with: a VA number, a store payment code, a QR string, or a
 * hosted page. Numbers and codes are unique among the simulator's requests (`taken`).
 */
export function buildActions(input: {
  channel: Channel;
  id: string;
  amount: number;
  properties: ChannelProperties;
  payPageUrl: string;
  taken: (value: string) => boolean;
}): { actions: Action[]; properties: ChannelProperties } {
  const { channel, properties, taken } = input;
  switch (channel.kind) {
    case "virtual_account": {
      const va = channel.va ?? { prefix: "8", length: 16 };
      const custom = properties.virtual_account_number;
      const value = typeof custom === "string" ? custom : unique(() => va.prefix + digits(va.length - va.prefix.length), taken);
      const displayName = typeof properties.display_name === "string" ? properties.display_name : "Customer";
      return {
        actions: [{ type: "PRESENT_TO_CUSTOMER", descriptor: "VIRTUAL_ACCOUNT_NUMBER", value }],
        properties: { ...properties, virtual_account_number: value, display_name: displayName },
      };
    }
    case "otc": {
      const custom = properties.payment_code;
      // Test-mode store codes start with TEST, so nobody takes one to a real till.
      const value = typeof custom === "string" ? custom : unique(() => `TEST${digits(8)}`, taken);
      return {
        actions: [{ type: "PRESENT_TO_CUSTOMER", descriptor: "PAYMENT_CODE", value }],
        properties: { ...properties, payment_code: value },
      };
    }
    case "qris": {
      const reference = input.id.replace(/^pr-/, "").replaceAll("-", "");
      const value = qrisPayload({ amount: input.amount, reference });
      return { actions: [{ type: "PRESENT_TO_CUSTOMER", descriptor: "QR_STRING", value }], properties };
    }
    default:
      return { actions: [{ type: "REDIRECT_CUSTOMER", descriptor: "WEB_URL", value: input.payPageUrl }], properties };
  }
}

function digits(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

function unique(make: () => string, taken: (value: string) => boolean): string {
  for (let i = 0; i < 100; i++) {
    const value = make();
    if (!taken(value)) return value;
  }
  throw new Error("No free number left after 100 tries");
}
