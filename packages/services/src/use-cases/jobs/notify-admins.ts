import { withTimeout } from "../../background.js";
import type { ServiceDeps } from "../../deps.js";
import type { JobRecord } from "../../repositories/jobs.js";

/** The spec's notify-admins call gives up after 15 seconds. */
export const NOTIFY_ADMINS_TIMEOUT_MS = 15_000;

/**
 * Emails every admin that a job was posted (spec: notify-admins-job-posted). Runs after the commit; a failure is
 * logged by the caller and never fails the post.
 * @param deps database, mailer, public URL
 * @param job the new job
 */
export async function notifyAdminsOfNewJob(deps: Pick<ServiceDeps, "db" | "mailer" | "config">, job: JobRecord): Promise<void> {
  const admins = (await deps.db("users").where({ user_type: "admin" }).orWhere({ role_type: "admin" }).select("email")) as Array<{ email: string }>;
  const link = `${deps.config.publicUrl}/jobs/${job.id}`;
  await withTimeout(
    Promise.all(
      admins.map((admin) =>
        deps.mailer.send({
          to: admin.email,
          kind: "job_posted",
          jobId: job.id,
          subject: `New requirement posted: ${job.title}`,
          text: `${job.ownerName} posted "${job.title}" (budget $${job.budget.toFixed(2)}).\n\n${link}`,
        }),
      ),
    ),
    NOTIFY_ADMINS_TIMEOUT_MS,
    "notify admins",
  );
}
