import { authorize, domainError, planTaskStatusChange, type Actor, type TaskStatusBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { storiesRepository, type TaskRecord } from "../../repositories/stories.js";
import { taskCommentsRepository, type TaskCommentPage, type TaskCommentRecord } from "../../repositories/task-comments.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { authorizeTaskConversation } from "./task-messages.js";
import { notify } from "../notifications/notify.js";

/**
 * Moves a task to a status, with an optional comment, once the project has started. The status is the assigned
 * freelancer's (or an admin's) to change; the owner may only comment, so an owner's request that keeps the status
 * and adds a comment is allowed. A comment joins the task's history (who, when, the status it came with) and
 * becomes the task's latest `comment`; a blank one is no comment.
 * @returns the task after the change
 * @throws TASK_NOT_FOUND; TASK_STATUS_DENIED / COMMENT_DENIED; NOT_STARTED
 */
export async function updateTaskStatus(
  deps: Pick<ServiceDeps, "db" | "now" | "realtime" | "mailer" | "config" | "logger">,
  actor: Actor,
  taskId: string,
  input: TaskStatusBody,
): Promise<TaskRecord> {
  await deps.db.transaction(async (trx) => {
    const task = await storiesRepository.findTask(trx, taskId);
    if (!task) throw domainError("TASK_NOT_FOUND");
    // The job's row lock orders concurrent requests on its tasks, so the latest comment is the newest history row.
    const job = await loadLiveJob(trx, task.jobId, { forUpdate: true });
    const change = planTaskStatusChange(task.status, input);
    authorize(actor, change.action, job);
    const now = deps.now();
    await storiesRepository.updateItem(trx, taskId, { status: change.status, ...(change.comment !== null && { comment: change.comment }) }, now);
    if (change.comment !== null) {
      await taskCommentsRepository.insert(trx, { taskId, authorId: actor.id, status: change.status, comment: change.comment, at: now });
      // A comment tells the job's other party, as a message in the task's thread does.
      await notify(deps, trx, {
        type: "task_comment",
        actorId: actor.id,
        parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
        facts: { jobId: job.id, jobTitle: job.title, taskId, preview: change.comment },
      });
    }
  });
  const updated = await storiesRepository.findTask(deps.db, taskId);
  if (!updated) throw domainError("TASK_NOT_FOUND");
  return updated;
}

/**
 * A task's status comments, oldest first: the latest page, or the page before a comment. Those who may read the
 * task's comments (readTaskComments: owner, assigned freelancer, admins) may read them.
 * @throws TASK_NOT_FOUND; COMMUNICATION_DENIED
 */
export async function listTaskComments(deps: Pick<ServiceDeps, "db">, actor: Actor, taskId: string, page: TaskCommentPage): Promise<TaskCommentRecord[]> {
  await authorizeTaskConversation(deps.db, actor, taskId, "readTaskComments");
  return taskCommentsRepository.listForTask(deps.db, taskId, page);
}
