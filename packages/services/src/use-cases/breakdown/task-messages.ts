import { authorize, domainError, isAllowedUploadType, messageContent, type Actor } from "@forgehire/core";
import { detectFileType } from "../../adapters/storage/detect-file-type.js";
import { withStoredBytes } from "../../adapters/storage/storage.js";
import type { ServiceDeps } from "../../deps.js";
import { taskChannel } from "../../realtime.js";
import { filesRepository } from "../../repositories/files.js";
import { storiesRepository } from "../../repositories/stories.js";
import { taskMessagesRepository, type AttachmentRecord, type TaskMessageRecord } from "../../repositories/task-messages.js";
import type { UploadedFile } from "../jobs/attach-job-files.js";
import { notifyTaskMessageRecipient } from "../notifications/client-emails.js";
import { loadLiveJob } from "../jobs/job-details.js";

/** How many messages the dialog loads: the latest 200. */
export const TASK_MESSAGE_PAGE = 200;

/**
 * Checks that the actor takes part in a task's conversation: the job's owner, its assigned freelancer, admins.
 * @returns the task's job id
 * @throws TASK_NOT_FOUND; COMMUNICATION_DENIED
 */
export async function authorizeTaskConversation(db: ServiceDeps["db"], actor: Actor, taskId: string): Promise<number> {
  const task = await storiesRepository.findItem(db, taskId);
  if (!task || task.type !== "task") throw domainError("TASK_NOT_FOUND");
  const job = await loadLiveJob(db, task.jobId);
  authorize(actor, "communicate", job);
  return job.id;
}

/**
 * A task's conversation, oldest first.
 * @throws TASK_NOT_FOUND; COMMUNICATION_DENIED
 */
export async function listTaskMessages(deps: Pick<ServiceDeps, "db">, actor: Actor, taskId: string): Promise<TaskMessageRecord[]> {
  await authorizeTaskConversation(deps.db, actor, taskId);
  return taskMessagesRepository.listForTask(deps.db, taskId, TASK_MESSAGE_PAGE);
}

/**
 * Posts a message (text and/or files) under a task; after the commit everyone joined to the task gets it live, and
 * the job's client is e-mailed about someone else's message (at most once per task per 10 minutes, unless turned off).
 * @returns the stored message
 * @throws TASK_NOT_FOUND; COMMUNICATION_DENIED; EMPTY_MESSAGE; BAD_FILE_TYPE
 */
export async function postTaskMessage(
  deps: Pick<ServiceDeps, "db" | "storage" | "realtime" | "background" | "mailer" | "config" | "now">,
  actor: Actor,
  taskId: string,
  input: { content: string; files: UploadedFile[] },
): Promise<TaskMessageRecord> {
  const content = messageContent(input.content, input.files.length);
  const jobId = await authorizeTaskConversation(deps.db, actor, taskId);
  const typed = await Promise.all(
    input.files.map(async (file) => {
      const type = await detectFileType(file.bytes, file.originalName);
      if (!type || !isAllowedUploadType(type.mime)) throw domainError("BAD_FILE_TYPE", { message: `"${file.originalName}" is not an allowed file type.` });
      return { ...file, type };
    }),
  );
  const messageId = await withStoredBytes(deps.storage, (put) =>
    deps.db.transaction(async (trx) => {
      const attachments: AttachmentRecord[] = [];
      for (const file of typed) {
        const key = await put(`tasks/${taskId}`, file.bytes, file.type.extension);
        const record = await filesRepository.insert(trx, {
          ownerId: actor.id,
          kind: "task_attachment",
          jobId,
          taskId,
          name: file.originalName.slice(0, 255),
          mimeType: file.type.mime,
          sizeBytes: file.bytes.length,
          storageKey: key,
        });
        attachments.push({ fileId: record.id, name: record.name, url: `/files/${record.id}`, type: record.mimeType, size: record.sizeBytes });
      }
      return taskMessagesRepository.insert(trx, { taskId, jobId, senderId: actor.id, content, attachments });
    }),
  );
  const message = await taskMessagesRepository.findById(deps.db, messageId);
  if (!message) throw domainError("TASK_NOT_FOUND");
  deps.realtime.publish(taskChannel(taskId), "task:message", message);
  deps.background.run("task message notification", () => notifyTaskMessageRecipient(deps, message));
  return message;
}
