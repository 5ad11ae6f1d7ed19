/**
 * Task status comments: what a `PATCH /api/tasks/:id/status` request changes, and which rule guards it. Every
 * non-blank comment is kept as a row of the task's history; the task's own `comment` is the latest one.
 */
import { can } from "../policies/job.js";
import type { JobState } from "../policies/job-state.js";
import type { Actor } from "../users.js";
import type { TaskStatus } from "./types.js";

/** What a status request asks for: the status to set and, optionally, a comment. */
export interface TaskStatusRequest {
  status: TaskStatus;
  comment?: string | undefined;
}

/** What the request does to a task. */
export interface TaskStatusChange {
  /** The policy action that must allow it: moving the task is the freelancer's (or an admin's), commenting also the owner's. */
  action: "updateTaskStatus" | "commentTask";
  /** The task's status after the request. */
  status: TaskStatus;
  /** The comment to add to the history (and to show as the task's latest), or null when the request carries none. */
  comment: string | null;
}

/**
 * Decides what a status request changes. A blank comment is no comment: it neither adds a history row nor erases
 * the latest comment (with a history there is nothing to clear).
 * @param currentStatus the task's status now
 * @param request the status asked for and the comment, if any
 * @returns the action to authorize, the status to store and the comment to record
 */
export function planTaskStatusChange(currentStatus: TaskStatus, request: TaskStatusRequest): TaskStatusChange {
  const comment = request.comment?.trim() ? request.comment.trim() : null;
  return {
    action: request.status !== currentStatus ? "updateTaskStatus" : "commentTask",
    status: request.status,
    comment,
  };
}

/**
 * A job's stories as the actor may read them: a task's latest comment is part of its comment thread, so whoever may
 * not read the thread (readTaskComments) gets each task with `comment: null`, as a task nobody commented on.
 * @param actor the signed-in person
 * @param job the stories' job
 * @param stories the stories with their tasks
 * @returns the stories, with the comments cleared when the actor may not read them
 */
export function withReadableComments<S extends { tasks: Array<{ comment: string | null }> }>(actor: Actor, job: JobState, stories: S[]): S[] {
  if (can(actor, "readTaskComments", job)) return stories;
  return stories.map((story) => ({ ...story, tasks: story.tasks.map((task) => ({ ...task, comment: null })) }));
}
