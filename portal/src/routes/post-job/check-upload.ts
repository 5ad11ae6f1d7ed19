import { fileTypeFromBuffer } from "file-type";
import { MAX_UPLOAD_BYTES, errorCatalogue, isAllowedUploadType, plainTextUploadType } from "@forgehire/core";

/**
 * Why the server would refuse this file as a job attachment, checked in the browser by the server's own rules:
 * the size limit, then the type read from the content (file-type's magic bytes, as the server reads them, or core's
 * plain-text rule) against core's allowed types.
 * @param file a picked file
 * @returns the reason, or null when the file would be accepted
 */
export async function uploadRefusal(file: File): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return errorCatalogue.FILE_TOO_LARGE.message;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? plainTextUploadType(bytes, file.name);
  if (mime === undefined || !isAllowedUploadType(mime)) {
    return detected
      ? `Its content is ${detected.ext.toUpperCase()}, which is not allowed: PDF, Word, image, text, CSV or ZIP only.`
      : "Its content is not an allowed type: PDF, Word, image, text, CSV or ZIP only.";
  }
  return null;
}
