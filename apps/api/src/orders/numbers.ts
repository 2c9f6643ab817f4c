import { randomBytes, randomInt } from "node:crypto";

// Crockford's base 32 without I, L, O and U: easy to read aloud and to type.
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A short, readable order number such as 'RT-7K3M9Q' (about a billion possibilities). */
export function newOrderNumber(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += alphabet[randomInt(alphabet.length)];
  return `RT-${code}`;
}

/** The secret in the customer's order page link: 192 random bits. */
export function newAccessToken(): string {
  return randomBytes(24).toString("base64url");
}
