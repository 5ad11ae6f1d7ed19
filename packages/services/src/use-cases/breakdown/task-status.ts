import { authorize, domainError, type Actor, type TaskStatusBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { storiesRepository, type TaskRecord } from "../../repositories/stories.js";
import { loadLiveJob } from "../jobs/job-details.js";

/**
 * Moves a task to a status, with an optional comment, once the project has started. The status is the assigned
 * freelancer's (or an admin's) to change; the owner may only comment, so an owner's request that keeps the status
 * and adds a comment is allowed.
 * @returns the task after the change
 * @throws TASK_NOT_FOUND; TASK_STATUS_DENIED / COMMENT_DENIED; NOT_STARTED
 */
export async function updateTaskStatus(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, taskId: string, input: TaskStatusBody): Promise<TaskRecord> {
  await deps.db.transaction(async (trx) => {
    const task = await storiesRepository.findTask(trx, taskId);
    if (!task) throw domainError("TASK_NOT_FOUND");
    const job = await loadLiveJob(trx, task.jobId, { forUpdate: true });
    const changesStatus = input.status !== task.status;
    authorize(actor, changesStatus ? "updateTaskStatus" : "commentTask", job);
    await storiesRepository.updateItem(
      trx,
      taskId,
      { status: input.status, ...(input.comment !== undefined && { comment: input.comment === "" ? null : input.comment }) },
      deps.now(),
    );
  });
  const updated = await storiesRepository.findTask(deps.db, taskId);
  if (!updated) throw domainError("TASK_NOT_FOUND");
  return updated;
}
