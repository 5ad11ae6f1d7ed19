import type { Knex } from "knex";
import type { AuditFields, AuditVia } from "@forgehire/core";
import { toCount, toDate } from "./rows.js";

/** One entry of the audit trail. */
export interface AuditLogRecord {
  id: string;
  actorId: string | null;
  actorName: string;
  via: AuditVia;
  action: string;
  resource: string;
  recordId: string;
  before: AuditFields;
  after: AuditFields;
  createdAt: Date;
}

/** What the back office and the CLI narrow the trail by. */
export interface AuditLogFilter {
  ids?: string[] | undefined;
  resource?: string | undefined;
  recordId?: string | undefined;
  actorId?: string | undefined;
  via?: AuditVia | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Sortable audit fields and their columns: the id follows insertion, so both read the created_at index's order. */
export const auditLogSortColumns = { id: "id", createdAt: "created_at" } as const;
/** A sortable audit field. */
export type AuditLogSortField = keyof typeof auditLogSortColumns;

interface AuditLogRow {
  id: string | number;
  actor_id: string | null;
  actor_name: string;
  via: AuditVia;
  action: string;
  resource: string;
  record_id: string;
  before: AuditFields | string;
  after: AuditFields | string;
  created_at: Date | string;
}

const json = (value: AuditFields | string): AuditFields => (typeof value === "string" ? (JSON.parse(value) as AuditFields) : value);

function toRecord(row: AuditLogRow): AuditLogRecord {
  return {
    id: String(row.id),
    actorId: row.actor_id,
    actorName: row.actor_name,
    via: row.via,
    action: row.action,
    resource: row.resource,
    recordId: row.record_id,
    before: json(row.before),
    after: json(row.after),
    createdAt: toDate(row.created_at),
  };
}

/** The audit trail: appended in the transaction of the change it records, never updated (the table refuses it). */
export const auditLogRepository = {
  async insert(
    db: Knex,
    entry: {
      actorId: string | null;
      via: AuditVia;
      action: string;
      resource: string;
      recordId: string;
      before: AuditFields;
      after: AuditFields;
      at?: Date | undefined;
    },
  ): Promise<void> {
    // The actor's name as it is now, kept with the entry: a later rename or deletion leaves the trail readable.
    const name = entry.actorId
      ? ((await db("users").where({ id: entry.actorId }).first("first_name", "last_name", "email")) as
          { first_name: string; last_name: string; email: string } | undefined)
      : undefined;
    const actorName = name ? `${name.first_name} ${name.last_name}`.trim() || name.email : entry.via === "system" ? "Forgehire" : "";
    await db("audit_log").insert({
      actor_id: entry.actorId,
      actor_name: actorName,
      via: entry.via,
      action: entry.action,
      resource: entry.resource,
      record_id: entry.recordId,
      before: JSON.stringify(entry.before),
      after: JSON.stringify(entry.after),
      ...(entry.at && { created_at: entry.at }),
    });
  },

  async list(
    db: Knex,
    filter: AuditLogFilter,
    query: { sort: AuditLogSortField; order: "asc" | "desc"; offset: number; limit: number },
  ): Promise<{ rows: AuditLogRecord[]; total: number }> {
    const filtered = db("audit_log").modify((builder) => {
      if (filter.ids) builder.whereIn("id", filter.ids);
      if (filter.resource !== undefined) builder.where("resource", filter.resource);
      if (filter.recordId !== undefined) builder.where("record_id", filter.recordId);
      if (filter.actorId !== undefined) builder.where("actor_id", filter.actorId);
      if (filter.via !== undefined) builder.where("via", filter.via);
      if (filter.action !== undefined) builder.where("action", filter.action);
      if (filter.from !== undefined) builder.where("created_at", ">=", filter.from);
      if (filter.to !== undefined) builder.where("created_at", "<", filter.to);
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const rows = (await filtered
      .clone()
      .select("*")
      .orderBy(auditLogSortColumns[query.sort], query.order)
      .orderBy("id", query.order)
      .offset(query.offset)
      .limit(query.limit)) as AuditLogRow[];
    return { rows: rows.map(toRecord), total: toCount(countRow?.total) };
  },
};
