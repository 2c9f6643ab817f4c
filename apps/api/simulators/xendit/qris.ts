/**
 * A dynamic QRIS payload in the EMVCo merchant-presented format, as Xendit returns it in a
 * QR_STRING action: tag-length-value fields, the amount in tag 54, and a CRC in tag 63 that
 * banking apps check before they show the payment. Merchant ids here are made up.
 */

function field(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`QRIS field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as EMVCo tag 63 requires: 4 hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** `reference` (up to 25 characters) tells one request's QR from another's. */
export function qrisPayload({ amount, reference }: { amount: number; reference: string }): string {
  const withoutCrc = [
    field("00", "01"), // payload format indicator
    field("01", "12"), // point of initiation: dynamic (one payment)
    field("26", field("00", "ID.CO.XENDIT.WWW") + field("01", "936008990000012345") + field("02", "XNDSANDBOX0001") + field("03", "UMI")),
    field("51", field("00", "ID.CO.QRIS.WWW") + field("02", "ID1020012345678") + field("03", "UMI")),
    field("52", "5699"), // merchant category: apparel and accessories
    field("53", "360"), // IDR
    field("54", String(amount)),
    field("58", "ID"),
    field("59", "XENDIT SANDBOX MERCHANT"),
    field("60", "JAKARTA"),
    field("61", "12190"),
    field("62", field("05", reference.slice(0, 25))),
  ].join("");
  const crcInput = `${withoutCrc}6304`;
  return crcInput + crc16(crcInput);
}

/** Splits a payload into its top-level tags (for tests and the pay page). */
export function parseEmv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length)) throw new SyntaxError(`Bad EMV field at ${at}`);
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
