import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface DataDirLock {
  release(): void;
}

/** PGlite files may be opened by one process only; a second one would corrupt them. */
export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
  constructor(
    message: string,
    /** The live process that holds the data dir. */
    readonly holderPid?: number,
  ) {
    super(message);
  }
}

/**
 * Claims DATA_DIR for this process with a pid file, taking over a stale one left by a dead process.
 * @param dataDir the folder PGlite keeps its files in
 * @returns the lock, to release on close
 * @throws DataDirBusyError when a live process holds it
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "forgehire.pid");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
  } catch {
    const holder = Number(readFileSync(file, "utf8"));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DataDirBusyError(
        `The embedded database in ${dataDir} is in use by process ${holder}, which does not share it (a running server does). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
        holder,
      );
    }
    writeFileSync(file, String(process.pid));
    // A stale file from before DATA_DIR's files were private keeps its mode when rewritten.
    chmodSync(file, 0o600);
  }
  return {
    release: () => {
      try {
        if (Number(readFileSync(file, "utf8")) === process.pid) rmSync(file);
      } catch {
        // already gone
      }
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
