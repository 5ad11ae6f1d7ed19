import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isDomainError, MAX_UPLOAD_BYTES } from "@forgehire/core";
import { DETECTION_SAMPLE_BYTES } from "./detect-file-type.js";
import { receiveUpload } from "./receive-upload.js";
import { createDiskStorage, type Storage } from "./storage.js";

let root: string;
let storage: Storage;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "forgehire-receive-"));
  storage = createDiskStorage(root);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const pdfHead = Buffer.from("%PDF-1.4\n");
const CHUNK = 64 * 1024;

/** Every file under the storage root. */
const storedFiles = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

/**
 * A file source that makes its chunks only when read, counting what was pulled: a receiver that gathered the whole
 * file would pull all of it.
 */
function lazySource(first: Buffer, totalBytes: number, fill = 0x20) {
  const counter = { pulled: 0 };
  async function* chunks() {
    counter.pulled += first.length;
    yield first;
    while (counter.pulled < totalBytes) {
      const size = Math.min(CHUNK, totalBytes - counter.pulled);
      counter.pulled += size;
      yield Buffer.alloc(size, fill);
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), counter };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isDomainError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("receiveUpload", () => {
  it("stops reading a file once it crosses the cap: 413, a bounded read of a 50 MB file, nothing stored", async () => {
    const { stream, counter } = lazySource(pdfHead, 50 * 1024 * 1024);
    const error = await refusal(receiveUpload(storage, stream, { kind: "job_attachment", originalName: "big.pdf", prefix: "jobs/1" }));
    expect(error.code).toBe("FILE_TOO_LARGE");
    expect(counter.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * CHUNK);
    expect(storedFiles()).toEqual([]);
  });

  it("applies each kind's own cap and message (an avatar stops at 2 MB)", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const { stream, counter } = lazySource(png, 3 * 1024 * 1024);
    const error = await refusal(receiveUpload(storage, stream, { kind: "avatar", originalName: "me.png", prefix: "avatars/u1" }));
    expect(error).toMatchObject({ code: "FILE_TOO_LARGE", message: "An avatar may be at most 2 MB." });
    expect(counter.pulled).toBeLessThanOrEqual(2 * 1024 * 1024 + 2 * CHUNK);
    expect(storedFiles()).toEqual([]);
  });

  it("writes to storage while the file is still arriving, never waiting for the whole of it", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstPart = Buffer.concat([pdfHead, Buffer.alloc(DETECTION_SAMPLE_BYTES + 4 * CHUNK, 0x20)]);
    async function* chunks() {
      yield firstPart;
      await held; // the rest comes only once the first part has reached the disk
      yield Buffer.from("\n%%EOF\n");
    }
    const receiving = receiveUpload(storage, Readable.from(chunks(), { objectMode: false }), {
      kind: "job_attachment",
      originalName: "a.pdf",
      prefix: "jobs/1",
    });
    // The partly written file appears on disk while the source still holds back its end.
    const deadline = Date.now() + 10_000;
    let onDisk = 0;
    while (Date.now() < deadline) {
      const [file] = storedFiles();
      onDisk = file ? (await readFile(path.join(file.parentPath, file.name))).length : 0;
      if (onDisk >= firstPart.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(onDisk).toBe(firstPart.length);
    release();
    const stored = await receiving;
    expect(stored).toMatchObject({ kind: "job_attachment", mime: "application/pdf", size: firstPart.length + 7 });
    expect((await readFile(path.join(root, ...stored.key.split("/")))).length).toBe(stored.size);
  });

  it("refuses content of a type the kind does not take, before storing anything", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    const error = await refusal(receiveUpload(storage, Readable.from([elf]), { kind: "job_attachment", originalName: "x.pdf", prefix: "jobs/1" }));
    expect(error.code).toBe("BAD_FILE_TYPE");
    const pdfAvatar = await refusal(receiveUpload(storage, Readable.from([pdfHead]), { kind: "avatar", originalName: "x.png", prefix: "avatars/u1" }));
    expect(pdfAvatar.message).toBe("Only PNG, JPEG or WebP images can be used as an avatar.");
    expect(storedFiles()).toEqual([]);
  });

  it("takes a text file whose sample ends inside a UTF-8 character, and refuses one that turns binary past the sample", async () => {
    // "é" is two bytes: put its first byte last in the sample.
    const text = Buffer.concat([Buffer.alloc(DETECTION_SAMPLE_BYTES - 1, 0x61), Buffer.from("é and more\n")]);
    const stored = await receiveUpload(storage, Readable.from([text.subarray(0, DETECTION_SAMPLE_BYTES), text.subarray(DETECTION_SAMPLE_BYTES)]), {
      kind: "task_attachment",
      originalName: "notes.txt",
      prefix: "tasks/t1",
    });
    expect(stored).toMatchObject({ mime: "text/plain", size: text.length });

    const before = storedFiles().length;
    const binaryTail = [Buffer.alloc(DETECTION_SAMPLE_BYTES, 0x61), Buffer.from([0x61, 0x00, 0x61])];
    const error = await refusal(receiveUpload(storage, Readable.from(binaryTail), { kind: "task_attachment", originalName: "notes.txt", prefix: "tasks/t1" }));
    expect(error.code).toBe("BAD_FILE_TYPE");
    const badUtf8 = [Buffer.alloc(DETECTION_SAMPLE_BYTES, 0x61), Buffer.from([0xc3, 0x28])];
    await refusal(receiveUpload(storage, Readable.from(badUtf8), { kind: "task_attachment", originalName: "notes.txt", prefix: "tasks/t1" }));
    expect(storedFiles()).toHaveLength(before);
  });
});
