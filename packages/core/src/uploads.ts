/**
 * Upload limits shared by the server (which enforces them) and the portal (which explains them before upload).
 */

/** A job's requirements may carry at most five files. */
export const MAX_JOB_FILES = 5;

/** Each requirement or task file may be at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What a requirement or a task message may carry, known by content (magic bytes), with the usual extensions. */
export const allowedUploadTypes: Readonly<Record<string, readonly string[]>> = {
  "application/pdf": [".pdf"],
  "application/msword": [".doc"],
  // file-type reports old Word files by their container format.
  "application/x-cfb": [".doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "application/zip": [".zip"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
  "image/gif": [".gif"],
  "text/plain": [".txt"],
  "text/markdown": [".md"],
  "text/csv": [".csv"],
};

/** The extensions a file picker may offer, e.g. for an `accept` attribute. */
export const allowedUploadExtensions: readonly string[] = [...new Set(Object.values(allowedUploadTypes).flat())];

/**
 * Whether a detected content type may be uploaded.
 * @param mime the type read from the file's bytes
 * @returns true when allowed
 */
export function isAllowedUploadType(mime: string): boolean {
  return Object.hasOwn(allowedUploadTypes, mime);
}
