import type { Knex } from "knex";
import { activeRunStatuses, type BreakdownRunError, type BreakdownRunKind, type BreakdownRunProgress, type BreakdownRunStatus } from "@forgehire/core";
import type { BreakdownSource } from "../adapters/ai/breakdown-engine.js";
import { toDate, toDateOrNull } from "./rows.js";

/** What a run stored once it succeeded. */
export interface BreakdownRunResult {
  source: BreakdownSource;
  storyCount: number;
  taskCount: number;
}

export interface BreakdownRunRecord {
  id: string;
  jobId: number;
  kind: BreakdownRunKind;
  requestedBy: string | null;
  status: BreakdownRunStatus;
  progress: BreakdownRunProgress;
  error: BreakdownRunError | null;
  result: BreakdownRunResult | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

interface BreakdownRunRow {
  id: string;
  job_id: number;
  kind: BreakdownRunKind;
  requested_by: string | null;
  status: BreakdownRunStatus;
  progress: BreakdownRunProgress;
  error: BreakdownRunError | null;
  result: BreakdownRunResult | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const toRecord = (row: BreakdownRunRow): BreakdownRunRecord => ({
  id: row.id,
  jobId: row.job_id,
  kind: row.kind,
  requestedBy: row.requested_by,
  status: row.status,
  progress: row.progress,
  error: row.error,
  result: row.result,
  createdAt: toDate(row.created_at),
  startedAt: toDateOrNull(row.started_at),
  finishedAt: toDateOrNull(row.finished_at),
});

export const breakdownRunsRepository = {
  async insert(db: Knex, run: { jobId: number; kind: BreakdownRunKind; requestedBy: string }): Promise<BreakdownRunRecord> {
    const [row] = (await db("breakdown_runs").insert({ job_id: run.jobId, kind: run.kind, requested_by: run.requestedBy }).returning("*")) as BreakdownRunRow[];
    return toRecord(row!);
  },

  /** The run; inside a transaction, forUpdate holds its row so one worker at a time finishes it. */
  async findById(db: Knex, id: string, options: { forUpdate?: boolean } = {}): Promise<BreakdownRunRecord | undefined> {
    const query = db("breakdown_runs").where({ id }).first();
    const row = (await (options.forUpdate ? query.forUpdate() : query)) as BreakdownRunRow | undefined;
    return row && toRecord(row);
  },

  /** The job's run that is queued or running, if any (at most one: a partial unique index says so). */
  async findActive(db: Knex, jobId: number): Promise<BreakdownRunRecord | undefined> {
    const row = (await db("breakdown_runs").where({ job_id: jobId }).whereIn("status", activeRunStatuses).first()) as BreakdownRunRow | undefined;
    return row && toRecord(row);
  },

  /** A worker took the run: running since now (again, after a lost worker). */
  async markRunning(db: Knex, id: string, now: Date): Promise<void> {
    await db("breakdown_runs").where({ id }).whereIn("status", activeRunStatuses).update({ status: "running", started_at: now });
  },

  /** The step a running run reached; a finished run keeps its last progress. */
  async setProgress(db: Knex, id: string, progress: BreakdownRunProgress): Promise<void> {
    await db("breakdown_runs")
      .where({ id, status: "running" })
      .update({ progress: JSON.stringify(progress) });
  },

  async markSucceeded(db: Knex, id: string, result: BreakdownRunResult, progress: BreakdownRunProgress, now: Date): Promise<void> {
    await db("breakdown_runs")
      .where({ id })
      .update({ status: "succeeded", result: JSON.stringify(result), progress: JSON.stringify(progress), finished_at: now });
  },

  /** Fails an active run; a run that already finished is left as it is. @returns whether this call failed it */
  async markFailed(db: Knex, id: string, error: BreakdownRunError, now: Date): Promise<boolean> {
    const [row] = (await db("breakdown_runs")
      .where({ id })
      .whereIn("status", activeRunStatuses)
      .update({ status: "failed", error: JSON.stringify(error), finished_at: now })
      .returning("id")) as Array<{ id: string }>;
    return row !== undefined;
  },
};
