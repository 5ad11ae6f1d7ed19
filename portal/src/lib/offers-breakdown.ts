import type { Job } from "@forgehire/core";

/**
 * Whether to show 'Create Story & Task' on a job. `can.createBreakdown` is the server's yes. Once stories exist the
 * server refuses a second breakdown, so `can` says no; the spec still keeps the button for whoever could have made
 * them, to show the 'Stories Already Exist' notice and open the breakdown. The server's `why` names that refusal
 * (STORIES_EXIST comes after ownership and state), so the portal reads it instead of deciding.
 * @param job the job as the server sent it
 * @returns true when the button belongs on the page
 */
export function offersBreakdown(job: Job): boolean {
  return job.can.createBreakdown || job.why.createBreakdown?.code === "STORIES_EXIST";
}
