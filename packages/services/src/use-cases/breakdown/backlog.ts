import {
  authorize,
  domainError,
  withReadableComments,
  type Actor,
  type StoryCreateBody,
  type StoryUpdateBody,
  type TaskCreateBody,
  type TaskUpdateBody,
} from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { storiesRepository, type BacklogItem, type StoryRecord } from "../../repositories/stories.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { recordAudit } from "../admin/audit.js";

/**
 * A job's stories with their tasks, for those allowed to see the breakdown; a task's latest comment only for those
 * who may read its comments.
 * @throws JOB_NOT_FOUND; VIEW_BREAKDOWN_DENIED
 */
export async function listStories(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<StoryRecord[]> {
  const job = await loadLiveJob(deps.db, jobId);
  authorize(actor, "viewBreakdown", job);
  return withReadableComments(actor, job, await storiesRepository.listForJob(deps.db, jobId));
}

/** Loads a story or task and its job, locked for the change, and checks the actor may edit the backlog now. */
async function editableItem(db: ServiceDeps["db"], actor: Actor, itemId: string, type: "story" | "task"): Promise<BacklogItem> {
  const item = await storiesRepository.findItem(db, itemId);
  if (!item || item.type !== type) throw domainError(type === "story" ? "STORY_NOT_FOUND" : "TASK_NOT_FOUND");
  const job = await loadLiveJob(db, item.jobId, { forUpdate: true });
  authorize(actor, "editTasks", job);
  return item;
}

/**
 * Adds a story to a job's backlog (owner or admin, while neither locked nor started).
 * @returns the job's stories after the change
 * @throws JOB_NOT_FOUND; EDIT_TASKS_DENIED; JOB_PAID once paid; LOCKED
 */
export async function addStory(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number, input: StoryCreateBody): Promise<string> {
  return deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "editTasks", job);
    return storiesRepository.insertStory(trx, jobId, input);
  });
}

/**
 * Adds a task under a story.
 * @returns the new task's id
 * @throws STORY_NOT_FOUND; EDIT_TASKS_DENIED; JOB_PAID once paid; LOCKED
 */
export async function addTask(deps: Pick<ServiceDeps, "db">, actor: Actor, storyId: string, input: TaskCreateBody): Promise<{ id: string; jobId: number }> {
  return deps.db.transaction(async (trx) => {
    const story = await editableItem(trx, actor, storyId, "story");
    return { id: await storiesRepository.insertTask(trx, story.jobId, story.id, input), jobId: story.jobId };
  });
}

/**
 * Edits a story or a task inline (title, description, priority; a task's status too).
 * @returns the job the item belongs to
 * @throws STORY_NOT_FOUND / TASK_NOT_FOUND; EDIT_TASKS_DENIED; JOB_PAID once paid; LOCKED; EMPTY_TITLE (by the schema)
 */
export async function editBacklogItem(
  deps: Pick<ServiceDeps, "db" | "now">,
  actor: Actor,
  itemId: string,
  type: "story" | "task",
  input: StoryUpdateBody | TaskUpdateBody,
): Promise<number> {
  return deps.db.transaction(async (trx) => {
    const item = await editableItem(trx, actor, itemId, type);
    const before = await storiesRepository.findItemFields(trx, item.id);
    await storiesRepository.updateItem(trx, item.id, input, deps.now());
    const after = await storiesRepository.findItemFields(trx, item.id);
    await recordAudit(trx, {
      actor,
      action: type === "story" ? "stories.update" : "tasks.update",
      recordId: item.id,
      before: before ?? null,
      after: after ?? null,
    });
    return item.jobId;
  });
}

/**
 * Deletes a story (with its tasks) or a task.
 * @throws STORY_NOT_FOUND / TASK_NOT_FOUND; EDIT_TASKS_DENIED; JOB_PAID once paid; LOCKED
 */
export async function deleteBacklogItem(deps: Pick<ServiceDeps, "db">, actor: Actor, itemId: string, type: "story" | "task"): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const item = await editableItem(trx, actor, itemId, type);
    const before = await storiesRepository.findItemFields(trx, item.id);
    await storiesRepository.deleteItem(trx, item.id);
    await recordAudit(trx, { actor, action: type === "story" ? "stories.delete" : "tasks.delete", recordId: item.id, before: before ?? null, after: null });
  });
}
