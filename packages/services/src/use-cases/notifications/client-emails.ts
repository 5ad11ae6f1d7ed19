import { displayName, taskMessageEmailRecipient, wantsEmail, type EmailNotificationKind } from "@forgehire/core";
import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { taskMessagesRepository, type TaskMessageRecord } from "../../repositories/task-messages.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

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
 * The one path every client notification e-mail takes: the recipient's switch for its kind, then the mailer, which
 * queues it (outbox row and delivery job) in the transaction of the change it tells about.
 * @param deps the mailer
 * @param trx the transaction of the change
 * @param recipient who receives it, with their switches
 * @param email what to send
 * @returns whether it was queued (false when the recipient turned that kind off)
 */
export async function sendNotificationEmail(deps: Pick<ServiceDeps, "mailer">, trx: Knex, recipient: UserRecord, email: NotificationEmail): Promise<boolean> {
  if (!wantsEmail(recipient.emailNotifications, email.kind)) return false;
  await deps.mailer.send({ to: recipient.email, ...email }, trx);
  return true;
}

type JobUpdateKind = Extract<EmailNotificationKind, "job_paid" | "job_started" | "job_completed">;

/**
 * Queues the e-mail telling a job's client that it was paid, started or completed, in the transaction that made
 * the change (so the e-mail exists exactly when the change does; delivery is retried by the queue).
 * @param deps mailer, public URL
 * @param trx the transaction of the change, which sees the job as changed
 * @param jobId the job
 * @param kind what happened
 * @returns whether an e-mail was sent
 */
export async function notifyClientOfJobUpdate(deps: Pick<ServiceDeps, "mailer" | "config">, trx: Knex, jobId: number, kind: JobUpdateKind): Promise<boolean> {
  const job = await jobsRepository.findById(trx, jobId);
  if (!job) return false;
  const client = await usersRepository.findById(trx, job.ownerId);
  if (!client) return false;
  const freelancer = job.freelancerId ? await usersRepository.findById(trx, job.freelancerId) : undefined;
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
  return sendNotificationEmail(deps, trx, client, { kind, jobId: job.id, subject, text: `${text}\n\n${link}` });
}

/**
 * Queues the e-mail telling a job's client that a story waits for their review, and until when, in the submission's
 * transaction.
 * @param deps mailer, public URL
 * @param trx the transaction of the submission
 * @param story the submitted story: its job, title, milestone and review deadline
 * @returns whether an e-mail was sent
 */
export async function notifyClientOfStorySubmitted(
  deps: Pick<ServiceDeps, "mailer" | "config">,
  trx: Knex,
  story: { jobId: number; title: string; amountCents: number | null; reviewDueAt: Date },
): Promise<boolean> {
  const job = await jobsRepository.findById(trx, story.jobId);
  if (!job) return false;
  const client = await usersRepository.findById(trx, job.ownerId);
  if (!client) return false;
  const freelancer = job.freelancerId ? await usersRepository.findById(trx, job.freelancerId) : undefined;
  const amount = story.amountCents === null ? "" : ` Approving it releases its milestone of $${(story.amountCents / 100).toFixed(2)}.`;
  const text =
    `${freelancer ? displayName(freelancer) : "Your freelancer"} submitted "${story.title}" of "${job.title}" for your review.${amount} ` +
    `Approve it or request changes by ${story.reviewDueAt.toISOString()}; after that it is approved on its own.`;
  return sendNotificationEmail(deps, trx, client, {
    kind: "story_submitted",
    jobId: job.id,
    subject: `Ready for review: ${story.title}`,
    text: `${text}\n\n${deps.config.publicUrl}/jobs/${job.id}`,
  });
}

/**
 * Queues the reminder telling a job's client that a story's review ends soon (REVIEW_REMINDER_BEFORE ahead), and
 * that it is approved on its own then, in the transaction that claims the reminder.
 * @param deps mailer, public URL
 * @param trx the transaction of the claim
 * @param story the story in review: its job, title, milestone and review deadline
 * @returns whether an e-mail was sent
 */
export async function notifyClientOfReviewDeadline(
  deps: Pick<ServiceDeps, "mailer" | "config">,
  trx: Knex,
  story: { jobId: number; title: string; amountCents: number | null; reviewDueAt: Date },
): Promise<boolean> {
  const job = await jobsRepository.findById(trx, story.jobId);
  if (!job) return false;
  const client = await usersRepository.findById(trx, job.ownerId);
  if (!client) return false;
  const amount = story.amountCents === null ? "" : ` and its milestone of $${(story.amountCents / 100).toFixed(2)} is released to the freelancer`;
  const text =
    `"${story.title}" of "${job.title}" still waits for your review. Unless you approve it, request changes or open a dispute ` +
    `by ${story.reviewDueAt.toISOString()}, it is approved on its own${amount}.`;
  return sendNotificationEmail(deps, trx, client, {
    kind: "story_review_reminder",
    jobId: job.id,
    subject: `Review due soon: ${story.title}`,
    text: `${text}\n\n${deps.config.publicUrl}/jobs/${job.id}`,
  });
}

/**
 * Queues an e-mail to the job's client about a task message someone else wrote, unless they turned these off or were
 * e-mailed about the task in the last 10 minutes (the claim is atomic, so two processes send one e-mail), in the
 * message's transaction.
 * @param deps mailer, public URL, clock
 * @param trx the transaction that stores the message
 * @param message the stored message
 * @returns whether an e-mail was sent
 */
export async function notifyTaskMessageRecipient(
  deps: Pick<ServiceDeps, "mailer" | "config" | "now">,
  trx: Knex,
  message: TaskMessageRecord,
): Promise<boolean> {
  if (!message.senderId) return false;
  const job = await jobsRepository.findById(trx, message.jobId);
  if (!job) return false;
  const recipientId = taskMessageEmailRecipient(message.senderId, job);
  const recipient = recipientId ? await usersRepository.findById(trx, recipientId) : undefined;
  // Checked before the claim too, so an opted-out client's messages do not hold a window open.
  if (!recipient || !wantsEmail(recipient.emailNotifications, "task_message")) return false;
  const claimed = await taskMessagesRepository.claimNotification(trx, message.taskId, recipient.id, deps.now(), TASK_MESSAGE_NOTIFICATION_WINDOW_MS);
  if (!claimed) return false;
  const senderName = message.senderName || "Someone";
  const content = message.content.trim() ? message.content.slice(0, 500) : `(${message.attachments.length} file${message.attachments.length === 1 ? "" : "s"})`;
  return sendNotificationEmail(deps, trx, recipient, {
    kind: "task_message",
    jobId: job.id,
    subject: `New message about "${job.title}" from ${senderName}`,
    text: `${senderName} wrote about a task of "${job.title}":\n\n${content}\n\nRead and reply on the project status tab: ${deps.config.publicUrl}/jobs/${job.id}`,
  });
}
