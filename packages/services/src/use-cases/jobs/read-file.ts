import { can, domainError, type Actor } from "@forgehire/core";
import type { Readable } from "node:stream";
import type { ByteRange } from "../../adapters/storage/storage.js";
import type { ServiceDeps } from "../../deps.js";
import { filesRepository, type FileRecord } from "../../repositories/files.js";
import { jobsRepository } from "../../repositories/jobs.js";

/**
 * An uploaded file, after the same checks as the record it belongs to: job attachments to whoever may view the
 * job, task attachments and delivery files to the job's owner, assigned freelancer and admins; avatars and portfolio files to anyone
 * signed in.
 * @param deps database, storage
 * @param actor the signed-in person
 * @param fileId the file
 * @param pickRange given the file's size, the bytes wanted (an HTTP Range), or undefined for all of them
 * @returns the record, the range served (if any) and a stream of those bytes from storage
 * @throws NOT_FOUND when unknown or not visible to the actor (no hint that it exists)
 */
export async function readFile(
  deps: Pick<ServiceDeps, "db" | "storage">,
  actor: Actor,
  fileId: string,
  pickRange: (size: number) => ByteRange | undefined = () => undefined,
): Promise<{ file: FileRecord; range: ByteRange | undefined; stream: Readable }> {
  const file = await filesRepository.findById(deps.db, fileId);
  if (!file) throw domainError("NOT_FOUND", { message: "File not found" });
  if (file.jobId !== null) {
    const job = await jobsRepository.findById(deps.db, file.jobId);
    // A task's attachments and a story's delivery files are the parties' own: the job's owner, its assigned freelancer, admins.
    const action = file.kind === "task_attachment" || file.kind === "delivery_file" ? "communicate" : "view";
    if (!job || job.status === "inactive" || !can(actor, action, job)) throw domainError("NOT_FOUND", { message: "File not found" });
  }
  const range = pickRange(file.sizeBytes);
  return { file, range, stream: await deps.storage.read(file.storageKey, range) };
}
