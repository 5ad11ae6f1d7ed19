/**
 * The progress of a project, as `GET /api/jobs/:id/status` reports it.
 */
import type { TaskStatus } from "./types.js";

/** How many tasks are in each status, and the share done. */
export interface TaskProgress {
  todo: number;
  inProgress: number;
  clarification: number;
  done: number;
  /** whole percent of tasks done; 0 when there are no tasks */
  percent: number;
}

/**
 * Counts tasks per status and the percentage done.
 * @param tasks the job's tasks (only their status is read)
 * @returns the counts and the whole percent done, rounded down so 100 means every task is done
 */
export function taskProgress(tasks: readonly { status: TaskStatus }[]): TaskProgress {
  const count = (status: TaskStatus) => tasks.filter((task) => task.status === status).length;
  const done = count("done");
  return {
    todo: count("todo"),
    inProgress: count("in_progress"),
    clarification: count("clarification"),
    done,
    percent: tasks.length === 0 ? 0 : Math.floor((done * 100) / tasks.length),
  };
}
