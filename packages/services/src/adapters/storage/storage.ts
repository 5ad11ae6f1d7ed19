import { createReadStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { randomUUID } from "node:crypto";

/** Where uploaded bytes live; the database keeps only the key. */
export interface Storage {
  /** Stores bytes under a new key made from the prefix; returns the key. */
  put(prefix: string, bytes: Buffer, extension: string): Promise<string>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
}

const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/**
 * Files on the local disk under `<root>`; keys are generated (prefix/uuid.ext), never taken from a user's file
 * name, and checked again on every read so a key can never climb out of the root.
 * @param root the uploads folder (DATA_DIR/uploads)
 */
export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!safeKey.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(prefix, bytes, extension) {
      const key = `${prefix}/${randomUUID()}.${extension}`;
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: "wx" });
      return key;
    },
    read(key) {
      return createReadStream(resolve(key));
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** Stores bytes under a new key made from the prefix; returns the key. */
export type PutBytes = (prefix: string, bytes: Buffer, extension: string) => Promise<string>;

/**
 * Runs work that stores bytes and records them in the database: when the work fails (its transaction rolled
 * back), the bytes it stored are removed again, so no file is left without its row.
 * @param storage where the bytes go
 * @param work receives `put`; everything it puts is removed if it throws
 * @returns what the work returns
 */
export async function withStoredBytes<T>(storage: Storage, work: (put: PutBytes) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(async (prefix, bytes, extension) => {
      const key = await storage.put(prefix, bytes, extension);
      stored.push(key);
      return key;
    });
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key)));
    throw error;
  }
}
