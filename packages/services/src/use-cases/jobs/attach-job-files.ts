import { authorize, domainError, isAllowedUploadType, MAX_JOB_FILES, type Actor } from "@forgehire/core";
import { detectFileType } from "../../adapters/storage/detect-file-type.js";
import { withStoredBytes } from "../../adapters/storage/storage.js";
import type { ServiceDeps } from "../../deps.js";
import { filesRepository, type FileRecord } from "../../repositories/files.js";
import { loadLiveJob } from "./job-details.js";

export interface UploadedFile {
  originalName: string;
  bytes: Buffer;
}

/**
 * Checks, before any upload is read, that the actor may attach files to the job, so a refused request never makes
 * the server hold its files. attachJobFiles checks again under the job's lock.
 * @throws JOB_NOT_FOUND; EDIT_JOB_DENIED / JOB_NOT_EDITABLE
 */
export async function authorizeJobAttachment(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<void> {
  authorize(actor, "edit", await loadLiveJob(deps.db, jobId));
}

/**
 * Attaches files to a job's requirements, each checked by its content; all or none are kept.
 * @param deps database, storage
 * @param actor the owner or an admin, while the job can be edited
 * @param jobId the job
 * @param uploads the files
 * @returns the stored files
 * @throws JOB_NOT_FOUND; EDIT_JOB_DENIED / JOB_NOT_EDITABLE; TOO_MANY_FILES past five; BAD_FILE_TYPE (415)
 */
export async function attachJobFiles(
  deps: Pick<ServiceDeps, "db" | "storage">,
  actor: Actor,
  jobId: number,
  uploads: UploadedFile[],
): Promise<FileRecord[]> {
  if (uploads.length === 0) throw domainError("VALIDATION", { message: "Choose at least one file.", fields: { files: "Required" } });
  const typed = await Promise.all(
    uploads.map(async (upload) => {
      const type = await detectFileType(upload.bytes, upload.originalName);
      if (!type || !isAllowedUploadType(type.mime)) {
        throw domainError("BAD_FILE_TYPE", { message: `"${upload.originalName}" is not an allowed file type (PDF, Word, image, text, CSV or ZIP).` });
      }
      return { ...upload, type };
    }),
  );
  return withStoredBytes(deps.storage, (put) =>
    deps.db.transaction(async (trx) => {
      const job = await loadLiveJob(trx, jobId, { forUpdate: true });
      authorize(actor, "edit", job);
      const existing = await filesRepository.countJobAttachments(trx, jobId);
      if (existing + typed.length > MAX_JOB_FILES) {
        throw domainError("TOO_MANY_FILES", { message: `A job can have at most ${MAX_JOB_FILES} attached files (it has ${existing}).` });
      }
      const records: FileRecord[] = [];
      for (const upload of typed) {
        const key = await put(`jobs/${jobId}`, upload.bytes, upload.type.extension);
        records.push(
          await filesRepository.insert(trx, {
            ownerId: actor.id,
            kind: "job_attachment",
            jobId,
            taskId: null,
            name: upload.originalName.slice(0, 255),
            mimeType: upload.type.mime,
            sizeBytes: upload.bytes.length,
            storageKey: key,
          }),
        );
      }
      return records;
    }),
  );
}
