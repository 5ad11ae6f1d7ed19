import { createWriteStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";

/** Bytes `start` to `end` of a stored file, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded bytes live; the database keeps only the key. Every server process of one deployment must reach the
 * same store (S3-compatible storage past one machine), since any of them may serve a file another one received.
 */
export interface Storage {
  /**
   * Streams a body under a key; when the body or the store fails, nothing is left under the key.
   * @param key from newStorageKey
   * @param body the bytes, read once, never gathered whole
   * @param contentType kept with the object where the store can
   */
  write(key: string, body: Readable, contentType: string): Promise<void>;
  /**
   * A stream of a stored file's bytes, or of one range of them.
   * @throws when the key has no bytes (a fault: rows only name written keys)
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes a key's bytes; a key with none is fine. */
  remove(key: string): Promise<void>;
  /** What the store is, for logs: never a secret. */
  readonly description: string;
}

const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/**
 * A new key for an upload: generated (prefix/uuid.ext), never taken from a user's file name.
 * @param prefix lower-case folders, e.g. `jobs/12`
 * @param extension the detected type's extension
 * @throws when the prefix or extension would make an unsafe key
 */
export function newStorageKey(prefix: string, extension: string): string {
  return checkedKey(`${prefix}/${randomUUID()}.${extension}`);
}

/** A key as newStorageKey makes them; checked again on every use, so no key can climb out of its root. */
export function checkedKey(key: string): string {
  if (!safeKey.test(key)) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/**
 * Files on the local disk under `<root>`: the embedded default, right for one process on one machine. Folders are
 * made 0700 and files 0600, whatever the process's umask: uploads are served only after their access checks.
 * @param root the uploads folder (DATA_DIR/uploads, or the path of a file:// STORAGE_URL)
 */
export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, ...checkedKey(key).split("/"));
  return {
    description: `local disk ${root}`,
    async write(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
      try {
        await pipeline(body, out);
      } catch (error) {
        // A body that fails at once may do so while the file is still being opened: wait until the stream has
        // closed its file, or the open would create it again after the removal.
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await rm(file, { force: true });
        throw error;
      }
    },
    async read(key, range) {
      // Opened first, so a missing file fails here rather than midway through an answer.
      const handle = await open(resolve(key), "r");
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/**
 * Runs work that records stored uploads in the database: when it fails (its transaction rolled back), the uploads'
 * bytes are removed, so no file is left without its row.
 * @param storage where the bytes are
 * @param keys the uploads' keys
 * @param work the database writes
 * @returns what the work returns
 */
export async function removeOnFailure<T>(storage: Storage, keys: readonly string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await Promise.allSettled(keys.map((key) => storage.remove(key)));
    throw error;
  }
}
