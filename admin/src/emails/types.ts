/** A row of GET /api/admin/emails: one outbox message and how its delivery went. */
export interface AdminEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: "queued" | "sent" | "failed" | "logged";
  /** why the last delivery attempt failed */
  error: string | null;
  /** delivery attempts so far; a queued message with an error is being retried */
  attempts: number;
  jobId: number | null;
  senderId: string | null;
  sentAt: string | null;
  createdAt: string;
}

export const emailStatusChoices = [
  { id: "queued", name: "Queued" },
  { id: "sent", name: "Sent" },
  { id: "failed", name: "Failed" },
  { id: "logged", name: "Logged (no SMTP)" },
];
