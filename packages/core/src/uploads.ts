/**
 * Upload limits shared by the server (which enforces them) and the portal (which explains them before upload).
 */
import { errorCatalogue } from "./errors.js";
import { avatarTypes, MAX_AVATAR_BYTES, MAX_DOCUMENT_BYTES, portfolioDocumentTypes } from "./policies/freelancer.js";

/** A job's requirements may carry at most five files. */
export const MAX_JOB_FILES = 5;

/** A story's delivery may carry at most five files. */
export const MAX_DELIVERY_FILES = 5;

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

/** Plain text has no magic number: these names mark it, when the bytes read as text. */
const plainTextTypes: Readonly<Record<string, string>> = { txt: "text/plain", md: "text/markdown", csv: "text/csv" };

/**
 * The type of a file with no magic number: text when it is named .txt, .md or .csv and its bytes are valid UTF-8
 * without NUL bytes. The server and the portal both fall back to this when magic-byte sniffing finds nothing.
 * @param bytes the file's content
 * @param fileName the name the user gave it
 * @returns the text type, or undefined when the file is not plain text
 */
export function plainTextUploadType(bytes: Uint8Array, fileName: string): string | undefined {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  const mime = plainTextTypes[extension];
  if (!mime || bytes.includes(0)) return undefined;
  return isUtf8(bytes) ? mime : undefined;
}

/** Whether the bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF). */
function isUtf8(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length;) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || index + length > bytes.length) return false;
    const second = bytes[index + 1]!;
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high) return false;
    for (let next = 2; next < length; next++) {
      const byte = bytes[index + next]!;
      if (byte < 0x80 || byte > 0xbf) return false;
    }
    index += length;
  }
  return true;
}

/** What an upload becomes: the `files.kind` of its row. */
export type UploadKind = "job_attachment" | "task_attachment" | "delivery_file" | "avatar" | "portfolio_document";

/** How an upload of one kind is checked while it streams in: its size cap and the types its content may have. */
export interface UploadRule {
  maxBytes: number;
  /** Whether a type read from the file's first bytes is accepted. */
  accepts(mime: string): boolean;
  /** The 413 message once the cap is passed. */
  tooLarge: string;
  /** The 415 message for a refused type. */
  badType(fileName: string): string;
}

/** The one table of upload rules: the server applies it while the bytes stream to storage. */
export const uploadRules: Readonly<Record<UploadKind, UploadRule>> = {
  job_attachment: {
    maxBytes: MAX_UPLOAD_BYTES,
    accepts: isAllowedUploadType,
    tooLarge: errorCatalogue.FILE_TOO_LARGE.message,
    badType: (name) => `"${name}" is not an allowed file type (PDF, Word, image, text, CSV or ZIP).`,
  },
  task_attachment: {
    maxBytes: MAX_UPLOAD_BYTES,
    accepts: isAllowedUploadType,
    tooLarge: errorCatalogue.FILE_TOO_LARGE.message,
    badType: (name) => `"${name}" is not an allowed file type.`,
  },
  delivery_file: {
    maxBytes: MAX_UPLOAD_BYTES,
    accepts: isAllowedUploadType,
    tooLarge: errorCatalogue.FILE_TOO_LARGE.message,
    badType: (name) => `"${name}" is not an allowed file type (PDF, Word, image, text, CSV or ZIP).`,
  },
  avatar: {
    maxBytes: MAX_AVATAR_BYTES,
    accepts: (mime) => avatarTypes.includes(mime),
    tooLarge: "An avatar may be at most 2 MB.",
    badType: () => "Only PNG, JPEG or WebP images can be used as an avatar.",
  },
  portfolio_document: {
    maxBytes: MAX_DOCUMENT_BYTES,
    accepts: (mime) => portfolioDocumentTypes.includes(mime),
    tooLarge: "A document may be at most 10 MB.",
    badType: () => errorCatalogue.BAD_DOCUMENT_TYPE.message,
  },
};
