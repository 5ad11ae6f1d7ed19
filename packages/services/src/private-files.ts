import { chmodSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import path from "node:path";

// What DATA_DIR holds (the embedded database and its write-ahead log, password hashes included, the session secret,
// the uploads) is for the account the server runs as: no permission bit for group or others, as PostgreSQL asks
// of its own data directory. Windows has no such bits: the checks are skipped there.
const GROUP_OTHER = 0o077;
const posix = process.platform !== "win32";

/** DATA_DIR (or a directory the server made for itself) that another account could read, write, or owns. */
export class DataDirPermissionError extends Error {
  override name = "DataDirPermissionError";
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * Why a directory cannot be trusted as private to this process's account, if it cannot.
 * @param stats the directory's lstat (a symlink is not the directory it names)
 */
function privacyProblem(stats: Stats): string | undefined {
  if (!stats.isDirectory()) return "is not a directory";
  if (!posix) return undefined;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `has wrong ownership (uid ${stats.uid}); it must be owned by the account the server runs as (uid ${uid})`;
  if (stats.mode & GROUP_OTHER) return `has invalid permissions (${octal(stats.mode)}); it must be u=rwx (0700)`;
  return undefined;
}

/**
 * Creates DATA_DIR private (0700) when it is missing, and refuses one open to group or others or owned by another
 * account, as PostgreSQL refuses its data directory: whoever can read it reads every recent write in the log.
 * @param dataDir the resolved DATA_DIR
 * @throws DataDirPermissionError saying what is wrong and the command that fixes it
 */
export function ensurePrivateDataDir(dataDir: string): void {
  // recursive: missing parents are made 0700 as well, which is no less than the folder itself needs.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Followed if DATA_DIR is a symlink (a mounted volume, say): what matters is the directory the files are in.
  const problem = privacyProblem(statSync(dataDir));
  if (!problem) return;
  const fix = problem.startsWith("has invalid permissions") ? `chmod 0700 "${dataDir}"` : `chown -R <the server's account> "${dataDir}"`;
  throw new DataDirPermissionError(
    `data directory "${dataDir}" ${problem}, since it holds the embedded database, the session secret and the uploads. Fix it with: ${fix}`,
  );
}

/**
 * Whether a directory is one only this account can enter: ours, not a symlink, no bit for group or others.
 * @param dir the directory
 * @returns why not, or undefined when it is private
 */
export function privateDirProblem(dir: string): string | undefined {
  try {
    return privacyProblem(lstatSync(dir));
  } catch {
    return "does not exist";
  }
}

/**
 * Writes a file only its owner may read (0600), also when a file of that name was there with wider permissions.
 * @param file the file
 * @param content what it holds
 */
export function writePrivateFile(file: string, content: string): void {
  rmSync(file, { force: true });
  writeFileSync(file, content, { mode: 0o600, flag: "wx" });
}

/**
 * Takes group and other permissions off everything under `root` (symlinks are left alone: chmod would follow them).
 * PGlite writes its initial files (the data dir initdb made in memory, write-ahead log included) 0666 whatever the
 * process's umask, so the data dir is tightened after it opens.
 * @param root a directory of ours
 * @returns how many entries were looked at and how many were tightened
 */
export function tightenTree(root: string): { checked: number; tightened: number } {
  const counts = { checked: 0, tightened: 0 };
  if (!posix) return counts;
  const visit = (entry: string) => {
    const stats = lstatSync(entry, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return;
    counts.checked++;
    if (stats.mode & GROUP_OTHER) {
      chmodSync(entry, stats.mode & 0o7700);
      counts.tightened++;
    }
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return counts;
}
