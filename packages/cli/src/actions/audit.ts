import { z } from "zod";
import { auditActionNames, auditedActions, auditVias } from "@forgehire/core";
import { findAccount, listAuditLog, operatorActor, type AuditLogRecord } from "@forgehire/services";
import { withServices } from "../context.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";

const resources = [...new Set(Object.values(auditedActions).map((entry) => entry.resource))] as [string, ...string[]];

const auditListInput = z.object({
  resource: z.enum(resources).optional(),
  record: z.string().trim().min(1).max(100).optional(),
  via: z.enum(auditVias).optional(),
  action: z.enum(auditActionNames as [string, ...string[]]).optional(),
  limit: z.coerce.number().int().min(1, "Give 1 to 1000").max(1_000, "Give 1 to 1000").default(50),
});

/** An entry as the back office's API answers it, for --json. */
const asJson = (entry: AuditLogRecord) => ({ ...entry, createdAt: entry.createdAt.toISOString() });

/** The changed fields of an entry, `field: before → after`, on one line. */
function changes(entry: AuditLogRecord): string {
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  const show = (value: unknown) => (value === undefined ? "—" : JSON.stringify(value));
  return fields.map((field) => `${field}: ${show(entry.before[field])} → ${show(entry.after[field])}`).join(", ");
}

/** audit:list: the audit trail, newest first, narrowed as the back office's Audit log is. */
export async function auditList(options: {
  resource?: string;
  record?: string;
  actor?: string;
  via?: string;
  action?: string;
  limit?: string;
  as?: string;
  json?: boolean;
}): Promise<void> {
  const input = parseInput(auditListInput, options);
  const { rows, total } = await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    const actorId = options.actor ? (await findAccount(services, options.actor)).id : undefined;
    return listAuditLog(
      services,
      actor,
      { resource: input.resource, recordId: input.record, actorId, via: input.via, action: input.action },
      { sort: "id", order: "desc", offset: 0, limit: input.limit },
    );
  });
  if (options.json) return printJson(rows.map(asJson));
  if (rows.length === 0) return console.log("No audit entries.");
  for (const entry of rows) {
    console.log(
      `${entry.createdAt.toISOString()}  ${entry.actorName || entry.actorId || "—"} (${entry.via})  ${entry.action}  ${entry.resource} ${entry.recordId}\n    ${changes(entry) || "(no field changed)"}`,
    );
  }
  if (total > rows.length) console.log(`… ${total - rows.length} more (--limit, or narrow with --resource/--record/--actor/--via)`);
}
