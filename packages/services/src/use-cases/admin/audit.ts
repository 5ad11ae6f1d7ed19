import { auditChanges, auditedActions, auditViaOf, authorizeBackOffice, type Actor, type AuditAction, type AuditFields } from "@forgehire/core";
import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";
import type { AdminPage, AdminPageQuery } from "../../repositories/admin-lists.js";
import { auditLogRepository, auditLogSortColumns, type AuditLogFilter, type AuditLogRecord, type AuditLogSortField } from "../../repositories/audit-log.js";

export { auditLogSortColumns };

/** A job's audited fields: what an edit, a delete or a lifecycle step changes. */
export const JOB_AUDIT_FIELDS = [
  "title",
  "description",
  "industry",
  "scope",
  "budget",
  "expectedDeliveryDate",
  "status",
  "paymentStatus",
  "locked",
  "freelancerId",
  "startedAt",
  "completedAt",
] as const;
/** An account's audited fields. */
export const USER_AUDIT_FIELDS = ["firstName", "lastName", "email", "userType", "roleType", "disabled"] as const;

/** One change for the audit trail: who, what, on which record, and the record's audited fields before and after. */
export interface AuditEntry {
  /** The person acting; their `via` (or being an admin) decides whether and how the change is audited. */
  actor: Actor | null;
  action: AuditAction;
  recordId: string | number;
  /** The record before (null when the change created it); only the fields listed in `fields` that changed are kept. */
  before: object | null;
  /** The record after (null when the change removed it). */
  after: object | null;
  /** The fields audited; absent, every field of before and after. */
  fields?: readonly string[];
  /** When; absent, the database's clock. */
  at?: Date;
}

/**
 * Records an admin's or an operator's change in the audit trail, inside the transaction that makes the change, so a
 * change that fails leaves no entry and an entry never outlives its change. A change of a client or a freelancer
 * through their own face is not audited (core's `auditViaOf`), so a use case shared with the portal can call it
 * unconditionally. Every admin write calls it: a new one declares its action in core's `auditedActions` first.
 * @param trx the change's transaction
 * @param entry who, what, the record, before and after
 */
export async function recordAudit(trx: Knex, entry: AuditEntry): Promise<void> {
  const via = auditViaOf(entry.actor);
  if (!via) return;
  const fields = entry.fields ?? [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  // Records are plain rows (interfaces without an index signature): read as field maps.
  const { before, after } = auditChanges(entry.before as AuditFields | null, entry.after as AuditFields | null, fields);
  await auditLogRepository.insert(trx, {
    actorId: entry.actor?.id ?? null,
    via,
    action: entry.action,
    resource: auditedActions[entry.action].resource,
    recordId: String(entry.recordId),
    before,
    after,
    at: entry.at,
  });
}

/**
 * The audit trail for the back office and the CLI, newest first by default, narrowed by resource, record, actor,
 * face, action or dates.
 * @throws ADMIN_ONLY
 */
export function listAuditLog(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  filter: AuditLogFilter,
  query: AdminPageQuery<AuditLogSortField>,
): Promise<AdminPage<AuditLogRecord>> {
  authorizeBackOffice(actor, "read", "audit-log");
  return auditLogRepository.list(deps.db, filter, query);
}
