import { displayName, taskMessageEmailRecipient, wantsEmail, type EmailNotificationKind } from "@forgehire/core";
import { withTimeout } from "../../background.js";
import type { ServiceDeps } from "../../deps.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { taskMessagesRepository, type TaskMessageRecord } from "../../repositories/task-messages.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

/** The mail adapter gets this long before a notification counts as failed (as for chat notifications). */
export const CLIENT_NOTIFICATION_TIMEOUT_MS = 15_000;

/** At most one task-message e-mail per task and recipient in this window, like chat rooms' e-mails. */
export const TASK_MESSAGE_NOTIFICATION_WINDOW_MS = 10 * 60 * 1000;

/** One notification e-mail, before the recipient's switches are consulted. */
export interface NotificationEmail {
  kind: EmailNotificationKind;
  jobId: number;
  subject: string;
  text: string;
}

/**
 * The one path every client notification e-mail takes: the recipient's switch for its kind, then the mailer (the
 * outbox, and SMTP when set). Kept single so that moving e-mails onto a queue moves these too.
 * @param deps the mailer
 * @param recipient who receives it, with their switches
 * @param email what to send
 * @returns whether it was handed to the mailer (false when the recipient turned that kind off)
 */
export async function sendNotificationEmail(deps: Pick<ServiceDeps, "mailer">, recipient: UserRecord, email: NotificationEmail): Promise<boolean> {
  if (!wantsEmail(recipient.emailNotifications, email.kind)) return false;
  await withTimeout(deps.mailer.send({ to: recipient.email, ...email }), CLIENT_NOTIFICATION_TIMEOUT_MS, `${email.kind} notification`);
  return true;
}

type JobUpdateKind = Extract<EmailNotificationKind, "job_paid" | "job_started" | "job_completed">;

/**
 * E-mails a job's client that it was paid, started or completed. Runs after the commit, in the background: a
 * failure is logged and never undoes the change.
 * @param deps database, mailer, public URL
 * @param jobId the job
 * @param kind what happened
 * @returns whether an e-mail was sent
 */
export async function notifyClientOfJobUpdate(deps: Pick<ServiceDeps, "db" | "mailer" | "config">, jobId: number, kind: JobUpdateKind): Promise<boolean> {
  const job = await jobsRepository.findById(deps.db, jobId);
  if (!job) return false;
  const client = await usersRepository.findById(deps.db, job.ownerId);
  if (!client) return false;
  const freelancer = job.freelancerId ? await usersRepository.findById(deps.db, job.freelancerId) : undefined;
  const link = `${deps.config.publicUrl}/jobs/${job.id}`;
  const texts: Record<JobUpdateKind, { subject: string; text: string }> = {
    job_paid: {
      subject: `Payment received: ${job.title}`,
      text: `Your payment of $${job.budget.toFixed(2)} for "${job.title}" was received. A freelancer can now start the project.`,
    },
    job_started: {
      subject: `Your project has started: ${job.title}`,
      text: `${freelancer ? displayName(freelancer) : "A freelancer"} started "${job.title}". Follow the tasks on the project status tab.`,
    },
    job_completed: {
      subject: `Your project is complete: ${job.title}`,
      text: `"${job.title}" has been completed${freelancer ? ` by ${displayName(freelancer)}` : ""}.`,
    },
  };
  const { subject, text } = texts[kind];
  return sendNotificationEmail(deps, client, { kind, jobId: job.id, subject, text: `${text}\n\n${link}` });
}

/**
 * E-mails the job's client about a task message someone else wrote, unless they turned these off or were e-mailed
 * about the task in the last 10 minutes (the claim is atomic, so two processes send one e-mail).
 * @param deps database, mailer, public URL, clock
 * @param message the stored message
 * @returns whether an e-mail was sent
 */
export async function notifyTaskMessageRecipient(deps: Pick<ServiceDeps, "db" | "mailer" | "config" | "now">, message: TaskMessageRecord): Promise<boolean> {
  if (!message.senderId) return false;
  const job = await jobsRepository.findById(deps.db, message.jobId);
  if (!job) return false;
  const recipientId = taskMessageEmailRecipient(message.senderId, job);
  const recipient = recipientId ? await usersRepository.findById(deps.db, recipientId) : undefined;
  // Checked before the claim too, so an opted-out client's messages do not hold a window open.
  if (!recipient || !wantsEmail(recipient.emailNotifications, "task_message")) return false;
  const claimed = await taskMessagesRepository.claimNotification(deps.db, message.taskId, recipient.id, deps.now(), TASK_MESSAGE_NOTIFICATION_WINDOW_MS);
  if (!claimed) return false;
  const senderName = message.senderName || "Someone";
  const content = message.content.trim() ? message.content.slice(0, 500) : `(${message.attachments.length} file${message.attachments.length === 1 ? "" : "s"})`;
  return sendNotificationEmail(deps, recipient, {
    kind: "task_message",
    jobId: job.id,
    subject: `New message about "${job.title}" from ${senderName}`,
    text: `${senderName} wrote about a task of "${job.title}":\n\n${content}\n\nRead and reply on the project status tab: ${deps.config.publicUrl}/jobs/${job.id}`,
  });
}
