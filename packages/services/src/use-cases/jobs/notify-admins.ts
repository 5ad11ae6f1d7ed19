import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";

/**
 * Queues an e-mail to every admin that a job was posted (spec: notify-admins-job-posted), in the transaction that
 * posts it: the notice goes out if and only if the job exists, and survives a restart; delivery (with retries) is
 * the email queue's.
 * @param deps mailer, public URL
 * @param trx the transaction that inserted the job
 * @param job the new job's id, title, poster's name and budget
 */
export async function notifyAdminsOfNewJob(
  deps: Pick<ServiceDeps, "mailer" | "config">,
  trx: Knex,
  job: { id: number; title: string; ownerName: string; budget: number },
): Promise<void> {
  const admins = (await trx("users").where({ user_type: "admin" }).orWhere({ role_type: "admin" }).select("email")) as Array<{ email: string }>;
  const link = `${deps.config.publicUrl}/jobs/${job.id}`;
  for (const admin of admins) {
    await deps.mailer.send(
      {
        to: admin.email,
        kind: "job_posted",
        jobId: job.id,
        subject: `New requirement posted: ${job.title}`,
        text: `${job.ownerName} posted "${job.title}" (budget $${job.budget.toFixed(2)}).\n\n${link}`,
      },
      trx,
    );
  }
}
