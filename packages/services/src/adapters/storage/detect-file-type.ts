import { fileTypeFromBuffer } from "file-type";
import { plainTextUploadType } from "@forgehire/core";

/** A file kind we accept, known by its content. */
export interface DetectedType {
  mime: string;
  extension: string;
}

/**
 * What a file really is, read from its bytes (magic numbers), not from its name or the browser's claim.
 * Plain text has no magic number: core's plainTextUploadType decides it (the portal applies the same rule).
 * @param bytes the uploaded content
 * @param fileName the name the user gave it (used only for plain text)
 * @returns the detected type, or undefined when unknown
 */
export async function detectFileType(bytes: Buffer, fileName: string): Promise<DetectedType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return { mime: detected.mime, extension: detected.ext };
  const mime = plainTextUploadType(bytes, fileName);
  if (mime) return { mime, extension: fileName.toLowerCase().split(".").pop() ?? "" };
  return undefined;
}
