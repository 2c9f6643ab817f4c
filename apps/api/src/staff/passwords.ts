import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing with argon2id (OWASP's recommended settings: 19 MiB, 2 passes, 1 lane). The
 * encoded hash carries its own parameters and salt, so stronger settings later still verify old ones.
 */
// algorithm 2 is Algorithm.Argon2id (a const enum, which type stripping cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when an e-mail has no account: same cost, same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}
