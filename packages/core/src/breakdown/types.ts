/**
 * Stories and tasks as the breakdown produces them, before they are stored.
 */

/** Priorities of stories and tasks, most urgent first. */
export const priorities = ["high", "medium", "low"] as const;

/** How urgent a story or task is. */
export type Priority = (typeof priorities)[number];

/**
 * Where a task stands. The edit form offers todo, in_progress and done; the project status table adds
 * clarification, for a task waiting on the client (spec part 1 §4).
 */
export const taskStatuses = ["todo", "in_progress", "clarification", "done"] as const;

/** The status of a task. */
export type TaskStatus = (typeof taskStatuses)[number];

/** A task to be stored under a story; new tasks always start as todo. */
export interface TaskDraft {
  title: string;
  description: string;
  priority: Priority;
  status: "todo";
  /** the work expected, in hours, in steps of 0.5 */
  estimateHours: number;
  /** Given/When/Then sentences, each naming an observable outcome of the task */
  acceptanceCriteria: string[];
  /** the requirement it comes from (`keyFeature`, `answer:q3`, `integration:Zoom`, …), or null when unknown */
  source: string | null;
}

/** A story with its tasks, to be stored for a job. */
export interface StoryDraft {
  title: string;
  description: string;
  priority: Priority;
  /** the sum of its tasks' estimates, in hours */
  estimateHours: number;
  /** the requirement it comes from (see `TaskDraft.source`), or null when unknown */
  source: string | null;
  tasks: TaskDraft[];
}

/** What a task or story may carry besides its text: its criteria and where it comes from. */
export interface DraftExtras {
  acceptanceCriteria?: string[];
  source?: string | null;
}

/**
 * The estimate of a task nobody estimated (an AI answer without one, a hand-written default): the more urgent,
 * the larger, since urgent tasks are the core of the story.
 * @param priority the task's priority
 * @returns 4 hours for high, 3 for medium, 2 for low
 */
export function defaultEstimateHours(priority: Priority): number {
  return priority === "high" ? 4 : priority === "medium" ? 3 : 2;
}

/**
 * Builds a new task draft.
 * @param title what to do
 * @param description how, or why
 * @param priority how urgent
 * @param estimateHours the work expected in hours; `defaultEstimateHours(priority)` when omitted
 * @param extras its acceptance criteria (none unless given) and source (null unless given)
 * @returns the draft with status todo
 */
export function taskDraft(
  title: string,
  description: string,
  priority: Priority,
  estimateHours: number = defaultEstimateHours(priority),
  extras: DraftExtras = {},
): TaskDraft {
  return {
    title,
    description,
    priority,
    status: "todo",
    estimateHours,
    acceptanceCriteria: extras.acceptanceCriteria ?? [],
    source: extras.source ?? null,
  };
}

/**
 * The total estimate of some tasks. Estimates are multiples of 0.5, which binary floating point adds exactly.
 * @param tasks the tasks (only their estimates are read)
 * @returns the sum of their estimates in hours; 0 for no tasks
 */
export function sumEstimateHours(tasks: readonly { estimateHours: number }[]): number {
  return tasks.reduce((sum, task) => sum + task.estimateHours, 0);
}

/**
 * Builds a story draft whose estimate is the sum of its tasks' estimates.
 * @param title the story's title
 * @param description the user story text
 * @param priority how urgent
 * @param tasks its tasks, in order
 * @param source the requirement it comes from; null when unknown
 * @returns the draft
 */
export function storyDraft(title: string, description: string, priority: Priority, tasks: TaskDraft[], source: string | null = null): StoryDraft {
  return { title, description, priority, estimateHours: sumEstimateHours(tasks), source, tasks };
}
