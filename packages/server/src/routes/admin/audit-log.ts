import { Router } from "express";
import { z } from "zod";
import { auditActionNames, auditedActions, auditVias, domainError, inputString } from "@forgehire/core";
import { auditLogSortColumns, listAuditLog, type AuditLogRecord, type AuditLogSortField, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { ids, parseFilter, pathId, serialId, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";

const resources = [...new Set(Object.values(auditedActions).map((entry) => entry.resource))] as [string, ...string[]];
/** A day (the date input's value) or an instant. */
const when = inputString().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, "Give a date (YYYY-MM-DD) or an ISO time");

const auditFilter = z.object({
  id: ids(serialId),
  resource: z.enum(resources).optional(),
  recordId: z.union([inputString().max(100), z.number().int().nonnegative()]).optional(),
  actorId: uuid.optional(),
  via: z.enum(auditVias).optional(),
  action: z.enum(auditActionNames as [string, ...string[]]).optional(),
  from: when.optional(),
  to: when.optional(),
});

/** An instant of a filter's bound; a bare day's `to` includes the whole day. */
function instant(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  // A year the databases cannot both hold (PostgreSQL has no year 0) is as bad as no date at all.
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1900 || at.getUTCFullYear() > 9999)
    throw domainError("VALIDATION", { message: "Invalid filter.", fields: { [endOfDay ? "to" : "from"]: "Not a date" } });
  if (endOfDay && value.length === 10) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/** An entry as API.md's `audit-log` resource gives it. */
function presentAuditEntry(entry: AuditLogRecord) {
  return { ...entry, createdAt: entry.createdAt.toISOString() };
}

/** The back office's `audit-log`: every admin and CLI change, read-only (API.md "Operators"). */
export function adminAuditLogRouter(services: Services): Router {
  const router = Router();

  router.get("/audit-log", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(auditLogSortColumns) as AuditLogSortField[], "id");
    const filter = parseFilter(auditFilter, params.filter);
    const { rows, total } = await listAuditLog(
      services,
      currentActor(req),
      {
        ids: filter.id,
        resource: filter.resource,
        recordId: filter.recordId === undefined ? undefined : String(filter.recordId),
        actorId: filter.actorId,
        via: filter.via,
        action: filter.action,
        from: instant(filter.from, false),
        to: instant(filter.to, true),
      },
      params,
    );
    sendList(res, "audit-log", params, rows.map(presentAuditEntry), total);
  });

  router.get("/audit-log/:id", async (req, res) => {
    const id = pathId(serialId, req.params.id);
    const { rows } = await listAuditLog(services, currentActor(req), { ids: [id] }, { sort: "id", order: "desc", offset: 0, limit: 1 });
    if (!rows[0]) throw domainError("RECORD_NOT_FOUND");
    res.json(presentAuditEntry(rows[0]));
  });

  return router;
}
