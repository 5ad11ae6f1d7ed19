import { refusalOf, type Job, type Refusal } from "@forgehire/core";

/** An action a job's `can` and `why` answer for. */
export type JobAbilityAction = keyof Job["can"];

/**
 * The server's refusal of an action on a job, as the job's `why` carries it (the policy decision that refuses the
 * request on the endpoint), or null when `can` allows it. The portal never works out a reason of its own.
 * @param job the job as the server sent it
 * @param action the action a control stands for
 * @returns the refusal's code, title and message, or null when allowed
 */
export function refusalFor(job: Job, action: JobAbilityAction): Refusal | null {
  if (job.can[action]) return null;
  // The server sends a why for every refused action; should one be missing, the control still stays disabled.
  return job.why[action] ?? refusalOf("FORBIDDEN");
}

/**
 * Why a control is disabled, in the server's words, or null when `can` allows its action.
 * @param job the job as the server sent it
 * @param action the action the control stands for
 * @returns the refusal's message, or null when allowed
 */
export function disabledReason(job: Job, action: JobAbilityAction): string | null {
  return refusalFor(job, action)?.message ?? null;
}
