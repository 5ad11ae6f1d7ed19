import { authorize, domainError, messageContent, type Actor } from "@forgehire/core";
import type { StoredUpload } from "../../adapters/storage/receive-upload.js";
import { removeOnFailure } from "../../adapters/storage/storage.js";
import type { ServiceDeps } from "../../deps.js";
import { taskChannel } from "../../realtime.js";
import { filesRepository } from "../../repositories/files.js";
import { storiesRepository } from "../../repositories/stories.js";
import { taskMessagesRepository, type AttachmentRecord, type TaskMessageRecord } from "../../repositories/task-messages.js";
import { assertKind } from "../jobs/attach-job-files.js";
import { notifyTaskMessageRecipient } from "../notifications/client-emails.js";
import { notify } from "../notifications/notify.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { loadLiveJob } from "../jobs/job-details.js";

/** How many messages the dialog loads: the latest 200. */
export const TASK_MESSAGE_PAGE = 200;

/**
 * Checks that the actor takes part in a task's conversation (the job's owner, its assigned freelancer, admins): to
 * talk in it, or to read the task's comments.
 * @param action communicate (messages) or readTaskComments (the status comments)
 * @returns the task's job id
 * @throws TASK_NOT_FOUND; COMMUNICATION_DENIED
 */
export async function authorizeTaskConversation(
  db: ServiceDeps["db"],
  actor: Actor,
  taskId: string,
  action: "communicate" | "readTaskComments" = "communicate",
): Promise<number> {
  const task = await storiesRepository.findItem(db, taskId);
  if (!task || task.type !== "task") throw domainError("TASK_NOT_FOUND");
  const job = await loadLiveJob(db, task.jobId);
  authorize(actor, action, job);
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
 * the job's client is e-mailed about someone else's message (at most once per task per 10 minutes, unless turned off;
 * queued in the message's transaction).
 * When it fails, the files' bytes are removed.
 * @param input the text, and files already streamed to storage and checked as task attachments (receiveUpload)
 * @returns the stored message
 * @throws TASK_NOT_FOUND; COMMUNICATION_DENIED; EMPTY_MESSAGE
 */
export async function postTaskMessage(
  deps: Pick<ServiceDeps, "db" | "storage" | "realtime" | "mailer" | "config" | "now" | "logger">,
  actor: Actor,
  taskId: string,
  input: { content: string; files: StoredUpload[] },
): Promise<TaskMessageRecord> {
  const message = await removeOnFailure(
    deps.storage,
    input.files.map((file) => file.key),
    async () => {
      const content = messageContent(input.content, input.files.length);
      assertKind(input.files, "task_attachment");
      const jobId = await authorizeTaskConversation(deps.db, actor, taskId);
      return deps.db.transaction(async (trx) => {
        const attachments: AttachmentRecord[] = [];
        for (const file of input.files) {
          const record = await filesRepository.insert(trx, {
            ownerId: actor.id,
            kind: "task_attachment",
            jobId,
            taskId,
            name: file.originalName.slice(0, 255),
            mimeType: file.mime,
            sizeBytes: file.size,
            storageKey: file.key,
          });
          attachments.push({ fileId: record.id, name: record.name, url: `/files/${record.id}`, type: record.mimeType, size: record.sizeBytes });
        }
        const id = await taskMessagesRepository.insert(trx, { taskId, jobId, senderId: actor.id, content, attachments });
        const stored = await taskMessagesRepository.findById(trx, id);
        if (!stored) throw domainError("TASK_NOT_FOUND");
        await notifyTaskMessageRecipient(deps, trx, stored);
        const job = await jobsRepository.findById(trx, jobId);
        if (job) {
          await notify(deps, trx, {
            type: "task_comment",
            actorId: actor.id,
            parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
            facts: { jobId, jobTitle: job.title, taskId, preview: content || `${attachments.length} file(s)` },
          });
        }
        return stored;
      });
    },
  );
  deps.realtime.publish(taskChannel(taskId), "task:message", message);
  return message;
}
