import { authorize, taskProgress, withReadableComments, type Actor, type TaskProgress } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { storiesRepository, type StoryRecord } from "../../repositories/stories.js";
import { loadLiveJob } from "../jobs/job-details.js";

/**
 * The project status: every story and task with status, comment (for those who may read it) and message count, and
 * the progress figures.
 * @throws JOB_NOT_FOUND; VIEW_BREAKDOWN_DENIED
 */
export async function projectStatus(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<{ stories: StoryRecord[]; progress: TaskProgress }> {
  const job = await loadLiveJob(deps.db, jobId);
  authorize(actor, "viewBreakdown", job);
  const stories = withReadableComments(actor, job, await storiesRepository.listForJob(deps.db, jobId));
  return { stories, progress: taskProgress(stories.flatMap((story) => story.tasks)) };
}
