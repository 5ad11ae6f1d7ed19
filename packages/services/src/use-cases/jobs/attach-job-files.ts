import { authorize, domainError, MAX_JOB_FILES, type Actor } from "@forgehire/core";
import type { StoredUpload } from "../../adapters/storage/receive-upload.js";
import { removeOnFailure } from "../../adapters/storage/storage.js";
import type { ServiceDeps } from "../../deps.js";
import { filesRepository, type FileRecord } from "../../repositories/files.js";
import { loadLiveJob } from "./job-details.js";

/**
 * Checks, before any upload is read, that the actor may attach files to the job, so a refused request never makes
 * the server hold its files. attachJobFiles checks again under the job's lock.
 * @throws JOB_NOT_FOUND; EDIT_JOB_DENIED / JOB_NOT_EDITABLE
 */
export async function authorizeJobAttachment(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<void> {
  authorize(actor, "edit", await loadLiveJob(deps.db, jobId));
}

/**
 * Attaches uploaded files to a job's requirements; all or none are kept (when this fails, their bytes are removed).
 * @param deps database, storage
 * @param actor the owner or an admin, while the job can be edited
 * @param jobId the job
 * @param uploads the files, already streamed to storage and checked by content as job attachments (receiveUpload)
 * @returns the stored files
 * @throws JOB_NOT_FOUND; EDIT_JOB_DENIED / JOB_NOT_EDITABLE; TOO_MANY_FILES past five
 */
export async function attachJobFiles(deps: Pick<ServiceDeps, "db" | "storage">, actor: Actor, jobId: number, uploads: StoredUpload[]): Promise<FileRecord[]> {
  return removeOnFailure(
    deps.storage,
    uploads.map((upload) => upload.key),
    () =>
      deps.db.transaction(async (trx) => {
        if (uploads.length === 0) throw domainError("VALIDATION", { message: "Choose at least one file.", fields: { files: "Required" } });
        assertKind(uploads, "job_attachment");
        const job = await loadLiveJob(trx, jobId, { forUpdate: true });
        authorize(actor, "edit", job);
        const existing = await filesRepository.countJobAttachments(trx, jobId);
        if (existing + uploads.length > MAX_JOB_FILES) {
          throw domainError("TOO_MANY_FILES", { message: `A job can have at most ${MAX_JOB_FILES} attached files (it has ${existing}).` });
        }
        const records: FileRecord[] = [];
        for (const upload of uploads) {
          records.push(
            await filesRepository.insert(trx, {
              ownerId: actor.id,
              kind: "job_attachment",
              jobId,
              taskId: null,
              name: upload.originalName.slice(0, 255),
              mimeType: upload.mime,
              sizeBytes: upload.size,
              storageKey: upload.key,
            }),
          );
        }
        return records;
      }),
  );
}

/**
 * Guards against a route passing uploads checked under another kind's rule (an avatar's types are not a job's).
 * @throws an internal error: a wiring fault, not the user's
 */
export function assertKind(uploads: readonly StoredUpload[], kind: StoredUpload["kind"]): void {
  const wrong = uploads.find((upload) => upload.kind !== kind);
  if (wrong) throw new Error(`a ${wrong.kind} upload was passed where a ${kind} is expected`);
}
