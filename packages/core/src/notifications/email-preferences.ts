/**
 * Notification e-mails a user may turn off (Update Profile), and who gets a task message's e-mail. Transactional
 * mail (password resets) and the admins' own e-mails are not notifications and are always sent.
 */

/** The notification e-mails a client receives. */
export const emailNotificationKinds = ["job_paid", "job_started", "job_completed", "story_submitted", "story_review_reminder", "task_message"] as const;
export type EmailNotificationKind = (typeof emailNotificationKinds)[number];

/** A user's switches, each on unless turned off. */
export interface EmailNotificationPreferences {
  /** job paid, started and completed; a story submitted for review, and the reminder before its review deadline */
  jobUpdates: boolean;
  /** a task message waiting unread */
  taskMessages: boolean;
  /** (freelancers) a submitted story approved, or sent back with changes requested */
  storyReviews: boolean;
  /** a chat message waiting unread (at most one per room every 10 minutes) */
  chatMessages: boolean;
}

/** The preference that governs each kind of e-mail. */
export const emailPreferenceOf: Readonly<Record<EmailNotificationKind, keyof EmailNotificationPreferences>> = {
  job_paid: "jobUpdates",
  job_started: "jobUpdates",
  job_completed: "jobUpdates",
  story_submitted: "jobUpdates",
  story_review_reminder: "jobUpdates",
  task_message: "taskMessages",
};

/**
 * Whether a user wants an e-mail of this kind.
 * @param preferences the user's switches
 * @param kind the e-mail
 * @returns true unless the user turned that kind off
 */
export function wantsEmail(preferences: EmailNotificationPreferences, kind: EmailNotificationKind): boolean {
  return preferences[emailPreferenceOf[kind]];
}

/**
 * Who is e-mailed about a new task message: the job's client, when someone else (the freelancer, an admin) wrote
 * it. The client's own messages notify nobody.
 * @param senderId the message's author
 * @param job the task's job: its owner
 * @returns the recipient's id, or null for nobody
 */
export function taskMessageEmailRecipient(senderId: string, job: { ownerId: string }): string | null {
  return senderId === job.ownerId ? null : job.ownerId;
}

/**
 * Which delivery lane an e-mail takes: what a person waits for (a reset link, an admin's own message, a payment
 * receipt) goes ahead of bulk notices (new jobs for the admins, task and chat notifications, job updates), so a queue
 * of thousands of notices never delays it.
 */
export type EmailLane = "priority" | "bulk";

/** The kinds of e-mail that take the priority lane; every other kind is a bulk notice. */
export const priorityEmailKinds: readonly string[] = ["password_reset", "admin_email", "job_paid", "receipt"];

/**
 * The lane of an e-mail.
 * @param kind the e-mail's kind (password_reset, admin_email, job_posted, …)
 * @returns priority for resets, admin e-mails and receipts, bulk for the rest
 */
export function emailLane(kind: string): EmailLane {
  return priorityEmailKinds.includes(kind) ? "priority" : "bulk";
}

/**
 * How an outbox message's delivery stands, in words for the back office's dialog and the CLI: "sent" only once it
 * was, "queued" until then, and a failed attempt says it will be retried (attempt n of the configured number).
 * @param email the outbox record's status, attempts made and last error
 * @param maxAttempts the attempts before a message is given up (EMAIL_RETRY_ATTEMPTS)
 * @returns a lower-case phrase, e.g. "queued: not sent yet"
 */
export function describeEmailDelivery(
  email: { status: "queued" | "sent" | "failed" | "logged"; attempts: number; error: string | null },
  maxAttempts: number,
): string {
  const reason = email.error ? ` (${email.error})` : "";
  switch (email.status) {
    case "sent":
      return "sent";
    case "logged":
      return "kept in the outbox: this site has no mail server";
    case "failed":
      return `failed after ${email.attempts} attempt(s)${reason}; it can be resent`;
    case "queued":
      return email.error ? `attempt ${email.attempts} of ${maxAttempts} failed${reason}; it will be retried automatically` : "queued: not sent yet";
  }
}
