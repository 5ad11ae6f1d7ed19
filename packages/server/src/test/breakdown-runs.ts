import type { BreakdownQueued, BreakdownRun, Story } from "@forgehire/core";
import type { BuiltUser } from "./factories.js";

/**
 * Follows a breakdown run over HTTP (the poll fallback) until it has finished.
 * @param user who may read the run
 * @param jobId the job
 * @param runId the run the 202 gave
 * @returns the finished run
 */
export async function finishedRun(user: BuiltUser, jobId: number, runId: string, timeoutMs = 20_000): Promise<BreakdownRun> {
  // A loop of its own rather than expect.poll, so that a beforeAll may follow a run too.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (await user.agent.get(`/api/jobs/${jobId}/breakdown/runs/${runId}`).expect(200)).body as BreakdownRun;
    if (run.status === "succeeded" || run.status === "failed") return run;
    if (Date.now() > deadline) throw new Error(`breakdown run ${runId} still ${run.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Asks for a job's AI breakdown (202 with a run), follows the run to its end and reads the stories it stored.
 * @param user the owner or an admin
 * @param jobId the job
 * @returns the run's id, the finished run and the job's stories
 */
export async function breakDownWithAi(user: BuiltUser, jobId: number): Promise<{ runId: string; run: BreakdownRun; stories: Story[] }> {
  const queued = (await user.agent.post(`/api/jobs/${jobId}/breakdown`).expect(202)).body as BreakdownQueued;
  const run = await finishedRun(user, jobId, queued.runId);
  const stories = (await user.agent.get(`/api/jobs/${jobId}/stories`).expect(200)).body as Story[];
  return { runId: queued.runId, run, stories };
}

/** A good AI answer: one story with one task, as JSON text for the fake OpenAI server. */
export const oneStoryAnswer = JSON.stringify({
  stories: [
    {
      title: "Product catalogue",
      description: "As a shopper I browse products.",
      priority: "high",
      tasks: [{ title: "Product list page", description: "Grid of products", priority: "high", estimateHours: 6 }],
    },
  ],
});
