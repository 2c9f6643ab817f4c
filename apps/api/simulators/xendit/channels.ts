/**
 * The Indonesian channels the shop offers, with Xendit's limits (reference §1.4) and the sandbox's
 * default expiry (§5). Where Xendit's pages disagree we take the lower limit, except Indomaret
 * (5,000,000) and QRIS (10,000,000), which follow the per-channel pages.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type ChannelKind = "virtual_account" | "otc" | "qris" | "ewallet" | "paylater" | "cards";

export type Channel = {
  code: string;
  /** As a customer reads it on the pay page. */
  name: string;
  kind: ChannelKind;
  min: number;
  max: number;
  /** Used when the request sends no channel_properties.expires_at. */
  expiresInMs: number;
  /** Virtual accounts only: a fixed bank prefix and the full number's length. */
  va?: { prefix: string; length: number };
  /**
   * What Xendit's channel pages say about refunds: none, the full amount only, or also partial
   * amounts (https://docs.xendit.co/docs/available-payment-channels and each channel's page).
   */
  refund: RefundSupport;
};

type RefundSupport = "none" | "full" | "partial";

function va(bank: string, name: string, min: number, max: number, prefix: string, length = 16): Channel {
  return {
    code: `${bank}_VIRTUAL_ACCOUNT`,
    name: `${name} Virtual Account`,
    kind: "virtual_account",
    min,
    max,
    expiresInMs: 24 * HOUR,
    va: { prefix, length },
    refund: "none",
  };
}

function other(
  code: string,
  name: string,
  kind: ChannelKind,
  min: number,
  max: number,
  expiresInMs: number,
  refund: RefundSupport,
): Channel {
  return { code, name, kind, min, max, expiresInMs, refund };
}

// The prefixes look like the banks' merchant prefixes for Xendit; they are not meant to be real.
const list: Channel[] = [
  va("BCA", "BCA", 10_000, 50_000_000, "10766", 15),
  va("BNI", "BNI", 1, 50_000_000, "8808"),
  va("BRI", "BRI", 1, 50_000_000_000, "26215"),
  va("MANDIRI", "Mandiri", 1, 50_000_000_000, "88908"),
  va("PERMATA", "Permata", 1, 9_999_999_999, "8214"),
  va("BSI", "BSI", 1, 50_000_000_000, "9347"),
  va("BJB", "BJB", 1, 2_000_000_000, "1234"),
  va("CIMB", "CIMB Niaga", 1, 50_000_000, "5919"),
  va("BSS", "Bank Sahabat Sampoerna", 1, 50_000_000_000, "4404"),
  other("INDOMARET", "Indomaret", "otc", 10_000, 5_000_000, 48 * HOUR, "none"),
  other("ALFAMART", "Alfamart", "otc", 10_000, 5_000_000, 48 * HOUR, "none"),
  other("QRIS", "QRIS", "qris", 1, 10_000_000, 48 * HOUR, "partial"),
  // Refunds: none for virtual accounts, Indomaret, Alfamart and AstraPay; OVO refunds "only for
  // Merchant Initiated Transaction" (its page), which the shop never makes; LinkAja and Kredivo
  // take the full amount only.
  // Real OVO requests expire after about a minute (the push to the app); ten minutes leaves time
  // to look at the sandbox page.
  other("OVO", "OVO", "ewallet", 100, 20_000_000, 10 * MINUTE, "none"),
  other("DANA", "DANA", "ewallet", 100, 20_000_000, 24 * HOUR, "partial"),
  other("SHOPEEPAY", "ShopeePay", "ewallet", 1, 20_000_000, 30 * MINUTE, "partial"),
  other("LINKAJA", "LinkAja", "ewallet", 100, 10_000_000, 30 * MINUTE, "full"),
  other("ASTRAPAY", "AstraPay", "ewallet", 100, 20_000_000, 30 * MINUTE, "none"),
  other("KREDIVO", "Kredivo", "paylater", 1_000, 30_000_000, 24 * HOUR, "full"),
  other("AKULAKU", "Akulaku", "paylater", 1_000, 25_000_000, 24 * HOUR, "partial"),
  other("ATOME", "Atome", "paylater", 50_000, 6_000_000, 24 * HOUR, "partial"),
  other("INDODANA", "Indodana", "paylater", 10_000, 25_000_000, 24 * HOUR, "partial"),
  other("CARDS", "Card", "cards", 5_000, 200_000_000, 10 * MINUTE, "partial"),
];

const byCode = new Map(list.map((channel) => [channel.code, channel]));

export const channelCodes: readonly string[] = list.map((channel) => channel.code);

export function findChannel(code: string): Channel | undefined {
  return byCode.get(code);
}

/** Redirect channels send the customer to a hosted page and need return URLs. */
export function isRedirect(channel: Channel): boolean {
  return channel.kind === "ewallet" || channel.kind === "paylater" || channel.kind === "cards";
}
