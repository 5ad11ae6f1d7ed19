import type { Knex } from "knex";
import type { ChangeRequestStatus } from "@forgehire/core";
import { toDate } from "./rows.js";

export interface ChangeRequestRecord {
  id: string;
  jobId: number;
  requestedBy: string | null;
  description: string;
  status: ChangeRequestStatus;
  storyId: string | null;
  createdAt: Date;
}

interface ChangeRequestRow {
  id: string;
  job_id: number;
  requested_by: string | null;
  description: string;
  status: ChangeRequestStatus;
  story_id: string | null;
  created_at: Date | string;
}

const toRecord = (row: ChangeRequestRow): ChangeRequestRecord => ({
  id: row.id,
  jobId: row.job_id,
  requestedBy: row.requested_by,
  description: row.description,
  status: row.status,
  storyId: row.story_id,
  createdAt: toDate(row.created_at),
});

export const changeRequestsRepository = {
  async insert(db: Knex, request: { jobId: number; requestedBy: string; description: string; storyId: string | null }): Promise<ChangeRequestRecord> {
    const [row] = (await db("job_change_requests")
      .insert({ job_id: request.jobId, requested_by: request.requestedBy, description: request.description, story_id: request.storyId })
      .returning("*")) as ChangeRequestRow[];
    return toRecord(row!);
  },

  async linkStory(db: Knex, id: string, storyId: string): Promise<void> {
    await db("job_change_requests").where({ id }).update({ story_id: storyId, updated_at: db.fn.now() });
  },

  /** A job's change requests, oldest first (a handful per job). */
  async listForJob(db: Knex, jobId: number): Promise<ChangeRequestRecord[]> {
    const rows = (await db("job_change_requests").where({ job_id: jobId }).orderBy("created_at").orderBy("id")) as ChangeRequestRow[];
    return rows.map(toRecord);
  },
};
