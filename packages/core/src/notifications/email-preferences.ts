/**
 * Notification e-mails a user may turn off (Update Profile), and who gets a task message's e-mail. Transactional
 * mail (password resets) and the admins' own e-mails are not notifications and are always sent.
 */

/** The notification e-mails a client receives. */
export const emailNotificationKinds = ["job_paid", "job_started", "job_completed", "task_message"] as const;
export type EmailNotificationKind = (typeof emailNotificationKinds)[number];

/** A user's switches, each on unless turned off. */
export interface EmailNotificationPreferences {
  /** job paid, started and completed */
  jobUpdates: boolean;
  /** a task message waiting unread */
  taskMessages: boolean;
}

/** The preference that governs each kind of e-mail. */
export const emailPreferenceOf: Readonly<Record<EmailNotificationKind, keyof EmailNotificationPreferences>> = {
  job_paid: "jobUpdates",
  job_started: "jobUpdates",
  job_completed: "jobUpdates",
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
