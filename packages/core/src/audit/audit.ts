import { isAdmin, type Actor } from "../users.js";

/** The faces a change can come through: the back office (and an admin's actions in the portal), the CLI, or the app itself. */
export const auditVias = ["back-office", "cli", "system"] as const;
/** back-office, cli or system. */
export type AuditVia = (typeof auditVias)[number];

/**
 * The audited actions: every change an admin or an operator makes, each on the back-office resource its entries are
 * listed under (a record's History is its resource and id). One table, so the list's filter, the CLI and the use cases
 * name an action the same way; a new admin write adds its row here and calls the services' `recordAudit`.
 */
export const auditedActions = {
  "users.update": { resource: "users", label: "Edited the account" },
  "users.disable": { resource: "users", label: "Disabled the account" },
  "users.enable": { resource: "users", label: "Enabled the account" },
  "users.set-type": { resource: "users", label: "Changed the account type" },
  "users.create": { resource: "users", label: "Created the account" },
  "users.send-reset": { resource: "users", label: "Sent a password reset" },
  "jobs.update": { resource: "jobs", label: "Edited the job" },
  "jobs.delete": { resource: "jobs", label: "Deleted the job" },
  "jobs.restore": { resource: "jobs", label: "Restored the job" },
  "jobs.lock": { resource: "jobs", label: "Locked the job" },
  "jobs.unlock": { resource: "jobs", label: "Unlocked the job" },
  "jobs.start": { resource: "jobs", label: "Started the job" },
  "jobs.complete": { resource: "jobs", label: "Completed the job" },
  "stories.update": { resource: "stories", label: "Edited the story" },
  "stories.delete": { resource: "stories", label: "Deleted the story" },
  "stories.approve": { resource: "stories", label: "Approved the story" },
  "tasks.update": { resource: "tasks", label: "Edited the task" },
  "tasks.delete": { resource: "tasks", label: "Deleted the task" },
  "emails.send": { resource: "emails", label: "Sent an email to the job poster" },
  "emails.resend": { resource: "emails", label: "Resent the email" },
  "payments.refund": { resource: "payments", label: "Refunded the payment" },
  "disputes.resolve": { resource: "disputes", label: "Resolved the dispute" },
  "reviews.hide": { resource: "reviews", label: "Hid the review" },
} as const satisfies Record<string, { resource: string; label: string }>;

/** An audited action, such as `users.disable`. */
export type AuditAction = keyof typeof auditedActions;
/** Every audited action, for filters and checks. */
export const auditActionNames = Object.keys(auditedActions) as AuditAction[];

/** A field set of an audit entry's before or after: the changed fields only. */
export type AuditFields = Record<string, unknown>;

/**
 * Through which face a change is audited, or null when it is not: the actor's own `via` (the CLI's operator says
 * `cli`), else `back-office` for an admin (the back office and an admin's actions in the portal). A client's or a
 * freelancer's own use cases are not audited: their activity is the job's activity log.
 * @param actor the person acting, null for the app itself
 * @returns the face, or null for a change not audited
 */
export function auditViaOf(actor: (Actor & { via?: AuditVia }) | null | undefined): AuditVia | null {
  if (!actor) return null;
  if (actor.via) return actor.via;
  return isAdmin(actor) ? "back-office" : null;
}

/**
 * The fields that changed between two states of a record, each side keeping only those (dates compared by instant).
 * @param before the record before, or null when it did not exist
 * @param after the record after, or null when it no longer exists
 * @param fields the fields audited for the record
 * @returns before and after restricted to the fields whose values differ
 */
export function auditChanges(before: AuditFields | null, after: AuditFields | null, fields: readonly string[]): { before: AuditFields; after: AuditFields } {
  const out = { before: {} as AuditFields, after: {} as AuditFields };
  for (const field of fields) {
    const a = normalize(before?.[field]);
    const b = normalize(after?.[field]);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (before) out.before[field] = a;
    if (after) out.after[field] = b;
  }
  return out;
}

function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/** An entry of the back office's `audit-log` resource (API.md "Operators"). */
export interface AdminAuditEntry {
  id: string;
  actorId: string | null;
  actorName: string;
  via: AuditVia;
  action: string;
  resource: string;
  recordId: string;
  before: AuditFields;
  after: AuditFields;
  createdAt: string;
}
