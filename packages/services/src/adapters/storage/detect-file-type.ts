import { plainTextUploadType } from "@forgehire/core";
import { loadOnce } from "../load-once.js";

// Imported by the first upload rather than at start (loadOnce says why).
const fileType = loadOnce(() => import("file-type"));

/** A file kind we accept, known by its content. */
export interface DetectedType {
  mime: string;
  extension: string;
  /** Known as text by its name and bytes (no magic number): the rest of the file must read as text too. */
  text: boolean;
}

/**
 * How many leading bytes type detection reads. file-type needs 4100 for most formats; a .docx is known by its
 * [Content_Types].xml entry, which Word writes first, so a few more kilobytes cover Office files too.
 */
export const DETECTION_SAMPLE_BYTES = 64 * 1024;

/**
 * What a file really is, read from its first bytes (magic numbers), not from its name or the browser's claim.
 * Plain text has no magic number: core's plainTextUploadType decides it (the portal applies the same rule), on the
 * sample here and on the rest as it streams (see receiveUpload).
 * @param bytes the file's first bytes, or all of it
 * @param fileName the name the user gave it (used only for plain text)
 * @param complete whether `bytes` is the whole file; a sample may end inside a UTF-8 character
 * @returns the detected type, or undefined when unknown
 */
export async function detectFileType(bytes: Buffer, fileName: string, complete = true): Promise<DetectedType | undefined> {
  const detected = await (await fileType()).fileTypeFromBuffer(bytes);
  // file-type reports old Word files by their container; they are stored as .doc.
  if (detected) return { mime: detected.mime, extension: detected.mime === "application/x-cfb" ? "doc" : detected.ext, text: false };
  const mime = plainTextUploadType(complete ? bytes : withoutCutCharacter(bytes), fileName);
  if (mime) return { mime, extension: fileName.toLowerCase().split(".").pop() ?? "", text: true };
  return undefined;
}

/** The bytes without a UTF-8 character the sample's end cut in two (its lead byte is among the last three). */
function withoutCutCharacter(bytes: Buffer): Buffer {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return bytes;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? bytes.subarray(0, bytes.length - back) : bytes;
    }
  }
  return bytes;
}
