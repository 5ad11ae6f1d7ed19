import { Readable } from "node:stream";
import { domainError, isDomainError, uploadRules, type UploadKind } from "@forgehire/core";
import { DETECTION_SAMPLE_BYTES, detectFileType } from "./detect-file-type.js";
import { newStorageKey, type Storage } from "./storage.js";

/** An upload whose bytes are in storage, checked by its kind's rule; its row is not written yet. */
export interface StoredUpload {
  kind: UploadKind;
  /** The name the user gave it. */
  originalName: string;
  key: string;
  size: number;
  /** The type read from its content. */
  mime: string;
}

/**
 * Streams one uploaded file into storage while checking it: its type is read from the first bytes (refused before
 * anything is stored), its size is counted as it passes (the write fails once the kind's cap is crossed, and the
 * store keeps nothing), and a text file must stay text to its last byte. At most the detection sample and the
 * store's own buffer are in memory, whatever the file's size.
 * @param storage where the bytes go
 * @param source the file's bytes as they arrive
 * @param upload its kind, the user's name for it, and the key prefix (e.g. `jobs/12`)
 * @returns the stored upload
 * @throws FILE_TOO_LARGE (413) past the kind's cap; BAD_FILE_TYPE (415) for content the kind does not accept
 */
export async function receiveUpload(
  storage: Storage,
  source: Readable,
  upload: { kind: UploadKind; originalName: string; prefix: string },
): Promise<StoredUpload> {
  const rule = uploadRules[upload.kind];
  const tooLarge = () => domainError("FILE_TOO_LARGE", { message: rule.tooLarge });
  const badType = () => domainError("BAD_FILE_TYPE", { message: rule.badType(upload.originalName) });
  // Not destroyed when left early: the multipart parser owns the stream, and draining it lets the parser go on.
  const chunks: AsyncIterator<Buffer> = source.iterator({ destroyOnReturn: false });
  let size = 0;
  const next = async (): Promise<Buffer | undefined> => {
    const step = await chunks.next();
    if (step.done) return undefined;
    size += step.value.length;
    if (size > rule.maxBytes) throw tooLarge();
    return step.value;
  };
  try {
    const head: Buffer[] = [];
    let ended = false;
    while (size < DETECTION_SAMPLE_BYTES) {
      const chunk = await next();
      if (!chunk) {
        ended = true;
        break;
      }
      head.push(chunk);
    }
    const sample = Buffer.concat(head);
    const type = await detectFileType(sample, upload.originalName, ended);
    if (!type || !rule.accepts(type.mime)) throw badType();

    const decoder = type.text ? new TextDecoder("utf-8", { fatal: true }) : undefined;
    const stillText = (chunk: Buffer, last = false) => {
      if (!decoder) return;
      if (chunk.includes(0)) throw badType();
      try {
        decoder.decode(chunk, { stream: !last });
      } catch {
        throw badType();
      }
    };
    let failure: unknown;
    async function* body() {
      try {
        stillText(sample);
        yield sample;
        for (let chunk = ended ? undefined : await next(); chunk; chunk = await next()) {
          stillText(chunk);
          yield chunk;
        }
        stillText(Buffer.alloc(0), true);
      } catch (error) {
        failure = error;
        throw error;
      }
    }
    const key = newStorageKey(upload.prefix, type.extension);
    try {
      await storage.write(key, Readable.from(body(), { objectMode: false }), type.mime);
    } catch (error) {
      // The store reports the body's failure in its own words; the check that failed is the answer.
      throw isDomainError(failure) ? failure : error;
    }
    return { kind: upload.kind, originalName: upload.originalName, key, size, mime: type.mime };
  } catch (error) {
    source.resume();
    throw error;
  }
}
