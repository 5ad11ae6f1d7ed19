import type { Knex } from "knex";
import type { VersionStory } from "@forgehire/core";
import { toDate } from "./rows.js";

/** One locked version of a job's breakdown. */
export interface BreakdownVersionRecord {
  version: number;
  lockedBy: { id: string; name: string } | null;
  lockedAt: Date;
  stories: VersionStory[];
}

interface VersionRow {
  version: number;
  locked_by: string | null;
  locker_name: string | null;
  locked_at: Date | string;
  stories: unknown;
}

/** Breakdown versions, one per lock of a job's requirements. */
export const breakdownVersionsRepository = {
  /**
   * Locks a job's requirements and keeps its breakdown as the next version, in one statement (one round trip on the
   * lock's path; call under the job's row lock, so version numbers never collide and no story changes meanwhile):
   * the job's and its stories' and tasks' locked flags, each story's milestone amount (`storyAmounts`, by story id), the version, numbered and snapshotted from the stories in
   * the statement itself, and the "lock" activity naming it. The snapshot keeps what `VersionStory` names (no ids,
   * statuses or message counts: those keep changing), stories and tasks in the order the backlog shows them.
   * @returns the new version's number
   */
  async lockAndSnapshot(db: Knex, jobId: number, entry: { lockedBy: string | null; lockedAt: Date; storyAmounts: Record<string, number> }): Promise<number> {
    const result = (await db.raw(
      `with job as (
         update jobs set locked = true, updated_at = :at where id = :jobId
       ), items as (
         -- Each story's milestone amount, by its id; a task (or a story not in the map) gets null.
         update requirement_tasks set locked = true, updated_at = :at,
           amount_cents = (cast(:amounts as jsonb) ->> id::text)::integer
         where job_id = :jobId
       ), version as (
         insert into breakdown_versions (job_id, version, locked_by, locked_at, stories)
         select :jobId, (select coalesce(max(version), 0) + 1 from breakdown_versions where job_id = :jobId), :lockedBy, :at,
           -- Every part of one statement reads the rows as they were before it: the flags above do not show here.
           coalesce(jsonb_agg(jsonb_build_object(
             'title', s.title, 'description', s.description, 'priority', s.priority, 'source', s.source,
             'tasks', (select coalesce(jsonb_agg(jsonb_build_object(
                 'title', t.title, 'description', t.description, 'priority', t.priority,
                 'estimateHours', t.estimate_hours, 'acceptanceCriteria', t.acceptance_criteria, 'source', t.source
               ) order by t.position, t.created_at, t.id), '[]'::jsonb)
               from requirement_tasks t where t.job_id = s.job_id and t.story_id = s.id and t.type = 'task')
           ) order by s.position, s.created_at, s.id), '[]'::jsonb)
         from requirement_tasks s where s.job_id = :jobId and s.type = 'story'
         returning version
       ), activity as (
         insert into job_activity (job_id, actor_id, action, details)
         select :jobId, :lockedBy, 'lock', jsonb_build_object('version', version) from version
       )
       select version from version`,
      { jobId, lockedBy: entry.lockedBy, at: entry.lockedAt, amounts: JSON.stringify(entry.storyAmounts) },
    )) as { rows: Array<{ version: number }> };
    return result.rows[0]!.version;
  },

  /** A job's versions, oldest first, with the name of who locked each. */
  async listForJob(db: Knex, jobId: number): Promise<BreakdownVersionRecord[]> {
    const rows = (await db({ v: "breakdown_versions" })
      .leftJoin({ u: "users" }, "u.id", "v.locked_by")
      .where("v.job_id", jobId)
      .orderBy("v.version")
      .select("v.version", "v.locked_by", "v.locked_at", "v.stories", db.raw("u.first_name || ' ' || u.last_name as locker_name"))) as VersionRow[];
    return rows.map((row) => ({
      version: row.version,
      lockedBy: row.locked_by === null ? null : { id: row.locked_by, name: row.locker_name ?? "Unknown User" },
      lockedAt: toDate(row.locked_at),
      stories: (typeof row.stories === "string" ? JSON.parse(row.stories) : row.stories) as VersionStory[],
    }));
  },
};
