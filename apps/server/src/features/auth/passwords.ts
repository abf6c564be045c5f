// Password hashing: argon2id with at least 19 MiB of memory and 2 iterations (OWASP's minimum).
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (any Unicode, any length the schema allows) into a self-describing argon2id string. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain.normalize('NFC'), ARGON2_OPTIONS);
}

/** Checks a password against a stored hash; false for a malformed hash rather than throwing. */
export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain.normalize('NFC'));
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps the response time of an unknown e-mail
// the same as a wrong password, so login does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(plain: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
  return decoyHash.then((h) => verifyPassword(h, plain)).then(() => false);
}
