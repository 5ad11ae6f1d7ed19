/**
 * The job's lifecycle around its stories' deliveries: a freelancer starts a locked, paid job; the job completes when
 * its last story is approved (the system fires it in the approval's transaction); admins keep a documented override.
 * The freelancer no longer completes a job by hand. `start` and `complete` are decided by the job permission table
 * (policies/job.ts, named here by `policy`); the system's completion by `isDelivered`.
 */
import type { JobStatus } from "../policies/job-state.js";
import type { DeliveryStatus, LifecycleParty } from "./delivery.js";

/** One declared transition of a job. */
export interface JobTransition {
  from: readonly JobStatus[];
  to: JobStatus;
  actors: readonly LifecycleParty[];
  /** the job permission table's action that decides it, when a person fires it */
  policy?: "start" | "complete";
  /** the guards in words, for docs/lifecycle.md */
  guards: readonly string[];
  effects: readonly string[];
}

/** The job lifecycle as far as delivery goes (inactive, the soft delete, is the job policy's concern). */
export const jobLifecycle = {
  states: ["open", "in_progress", "completed"],
  initial: "open",
  transitions: {
    start: {
      from: ["open"],
      to: "in_progress",
      actors: ["freelancer"],
      policy: "start",
      guards: ["requirements locked", "paid", "not started"],
      effects: ["startedAt = now", "freelancerId = the freelancer", "every story building"],
    },
    completeOnLastApproval: {
      from: ["in_progress"],
      to: "completed",
      actors: ["system"],
      guards: ["every story of the job approved"],
      effects: ["completedAt = now", "the client is e-mailed"],
    },
    complete: {
      from: ["in_progress"],
      to: "completed",
      actors: ["admin"],
      policy: "complete",
      guards: ["in progress (admin override: whatever the stories say)"],
      effects: ["every story not yet approved is approved by the admin and its milestone released (paid jobs)", "completedAt = now", "the client is e-mailed"],
    },
  },
} as const satisfies { states: readonly JobStatus[]; initial: JobStatus; transitions: Record<string, JobTransition> };

export type JobTransitionName = keyof (typeof jobLifecycle)["transitions"];

/**
 * Whether every story of a job is approved: the guard of `completeOnLastApproval`.
 * @param stories the job's stories' delivery states
 * @returns true when there is at least one story and all are approved
 */
export function isDelivered(stories: ReadonlyArray<{ status: DeliveryStatus }>): boolean {
  return stories.length > 0 && stories.every((story) => story.status === "approved");
}
