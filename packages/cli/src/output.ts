/**
 * Prints a value as JSON on stdout, for `jq` and scripts: one document, nothing else on stdout.
 * @param value an array for list commands, an object for show commands
 */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A user without the password hash (nor the session epoch, the sessions' bookkeeping rather than the account's), for output. */
export function withoutSecrets<T extends { passwordHash?: unknown; sessionEpoch?: unknown }>(user: T): Omit<T, "passwordHash" | "sessionEpoch"> {
  const { passwordHash: _hidden, sessionEpoch: _bookkeeping, ...rest } = user;
  return rest;
}

/** Progress and notes for a person: stderr, so that stdout stays the command's output. */
export function note(line: string): void {
  process.stderr.write(`${line}\n`);
}
