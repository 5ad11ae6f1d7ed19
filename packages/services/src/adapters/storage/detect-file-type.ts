import { fileTypeFromBuffer } from "file-type";

/** A file kind we accept, known by its content. */
export interface DetectedType {
  mime: string;
  extension: string;
}

const textExtensions: Record<string, string> = { txt: "text/plain", md: "text/markdown", csv: "text/csv" };

/**
 * What a file really is, read from its bytes (magic numbers), not from its name or the browser's claim.
 * Plain text has no magic number: it counts as text when it is valid UTF-8 without NUL bytes and is named .txt,
 * .md or .csv.
 * @param bytes the uploaded content
 * @param fileName the name the user gave it (used only for plain text)
 * @returns the detected type, or undefined when unknown
 */
export async function detectFileType(bytes: Buffer, fileName: string): Promise<DetectedType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return { mime: detected.mime, extension: detected.ext };
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  const mime = textExtensions[extension];
  if (mime && isUtf8Text(bytes)) return { mime, extension };
  return undefined;
}

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
