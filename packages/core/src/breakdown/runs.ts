/**
 * Breakdown runs: an AI breakdown asked for over HTTP or the CLI and worked by the queue, followed by its status and
 * progress (API.md "Breakdown, stories and tasks").
 */
import type { BreakdownRunProgress, BreakdownRunStatus, BreakdownRunStep } from "../schemas/breakdown.js";

/** A run that has not finished: at most one per job. */
export const activeRunStatuses = ["queued", "running"] as const satisfies readonly BreakdownRunStatus[];

/**
 * Whether the run still waits or works (a new request for the job then follows it instead of starting another).
 * @param status the run's status
 * @returns true while queued or running
 */
export function isActiveRun(status: BreakdownRunStatus): boolean {
  return (activeRunStatuses as readonly BreakdownRunStatus[]).includes(status);
}

/**
 * The run's progress at a step, as a whole percentage for a bar: the AI's attempts share the middle of the bar, so
 * a retry moves it on rather than back; saving the stories is the last step before done.
 * @param step what the run is doing
 * @returns the step and its percentage (0 queued, 90 saving; 100 is the finished run's)
 */
export function breakdownRunProgress(step: BreakdownRunStep): BreakdownRunProgress {
  const attemptShare = (attempt: number, of: number) => 10 + Math.round((70 * (attempt - 1)) / Math.max(of, 1));
  switch (step.kind) {
    case "queued":
      return { percent: 0, step };
    case "attempt":
      return { percent: attemptShare(step.attempt, step.of), step };
    case "retrying":
      return { percent: Math.max(attemptShare(step.attempt, step.of) - 5, 10), step };
    case "fallback":
      return { percent: 85, step };
    case "saving":
      return { percent: 90, step };
    case "done":
      return { percent: 100, step };
  }
}
