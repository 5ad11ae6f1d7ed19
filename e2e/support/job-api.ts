import type { Page } from "playwright-core";
import type { Story } from "@forgehire/core";
import { ok } from "./session.js";

/** The test provider's card that always pays. */
const testCard = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };

/**
 * A job posted, broken down by the rules and locked over the API by the signed-in client, as a browser journey's
 * starting point when the posting itself is another spec's.
 * @param client the client's page (its request context carries their session)
 * @param job what the client writes; the industry and the scope are every money journey's
 */
export async function lockedJob(client: Page, job: { title: string; description: string }): Promise<{ id: number; budget: number }> {
  const posted = await ok<{ job: { id: number; budget: number } }>(client.request.post("/api/jobs", { data: { ...job, industry: "Legal", scope: 500 } }), 201);
  await ok(client.request.post(`/api/jobs/${posted.job.id}/breakdown`), 201);
  await ok(client.request.post(`/api/jobs/${posted.job.id}/lock`));
  return posted.job;
}

/**
 * A locked job (lockedJob) paid by the test provider's card over the API: its price is captured into the job's escrow,
 * which approvals release from. Paying on the card form is payments.spec.ts's journey.
 * @param client the client's page
 * @param job what the client writes
 */
export async function paidJob(client: Page, job: { title: string; description: string }): Promise<{ jobId: number; priceCents: number }> {
  const { id } = await lockedJob(client, job);
  const intent = await ok<{ paymentId: string; amount: number }>(client.request.post(`/api/jobs/${id}/payment-intent`));
  await ok(client.request.post("/api/payments/test/confirm", { data: { paymentId: intent.paymentId, ...testCard } }));
  return { jobId: id, priceCents: intent.amount };
}

/**
 * The freelancer starts a paid job over the API.
 * @param freelancer the freelancer's page
 * @param jobId the job
 * @returns the job's stories, in order
 */
export async function startJob(freelancer: Page, jobId: number): Promise<Story[]> {
  await ok(freelancer.request.post(`/api/jobs/${jobId}/start`));
  return ok<Story[]>(freelancer.request.get(`/api/jobs/${jobId}/stories`));
}

/**
 * Marks every task of a story done over the API, as its freelancer does before submitting it.
 * @param freelancer the freelancer's page
 * @param story the story
 */
export async function finishTasks(freelancer: Page, story: Story): Promise<void> {
  for (const task of story.tasks) await ok(freelancer.request.patch(`/api/tasks/${task.id}/status`, { data: { status: "done" } }));
}

/**
 * Submits a story as its freelancer does over the API: every task done, then the delivery.
 * @param freelancer the freelancer's page
 * @param story the story
 */
export async function submitStory(freelancer: Page, story: Story): Promise<void> {
  await finishTasks(freelancer, story);
  await ok(freelancer.request.post(`/api/stories/${story.id}/submit`, { data: { note: "Ready for review" } }));
}
