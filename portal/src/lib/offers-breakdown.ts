import { jobRefusal, type Actor, type Job } from "@forgehire/core";

/**
 * Whether to show 'Create Story & Task' on a job. `can.createBreakdown` is the server's yes. Once stories exist the
 * server refuses a second breakdown (STORIES_EXIST), so `can` says no; the spec still keeps the button for whoever
 * could have made them, to show the 'Stories Already Exist' notice and open the breakdown without asking the
 * server. The core policy that guards the endpoint tells the two apart, so no role rule is re-derived here.
 * @param job the job as the server sent it
 * @param user the signed-in user, or null
 * @returns true when the button belongs on the page
 */
export function offersBreakdown(job: Job, user: Actor | null): boolean {
  if (job.can.createBreakdown) return true;
  return user !== null && jobRefusal(user, "createBreakdown", job) === "STORIES_EXIST";
}
