import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); argon2id is the library's default algorithm (a test
// checks the prefix). @node-rs/argon2 ships prebuilt binaries per platform, so installs need no compiler.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a password with argon2id, salt included in the result.
 * @param password the plain password
 * @returns the encoded hash to store
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * Checks a password against a stored hash; a malformed hash counts as a mismatch, never a crash.
 * @param encoded the stored argon2 hash
 * @param password the plain password to check
 * @returns true when they match
 */
export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}
