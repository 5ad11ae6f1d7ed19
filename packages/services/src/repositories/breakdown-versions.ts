import type { Knex } from "knex";
import type { VersionStory } from "@forgehire/core";
import type { StoryRecord } from "./stories.js";
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

/** The stories of a job as a version keeps them (no ids, statuses or message counts: those keep changing). */
export function toVersionStories(stories: readonly StoryRecord[]): VersionStory[] {
  return stories.map((story) => ({
    title: story.title,
    description: story.description,
    priority: story.priority,
    source: story.source,
    tasks: story.tasks.map((task) => ({
      title: task.title,
      description: task.description,
      priority: task.priority,
      estimateHours: task.estimateHours,
      acceptanceCriteria: task.acceptanceCriteria,
      source: task.source,
    })),
  }));
}

/** Breakdown versions, one per lock of a job's requirements. */
export const breakdownVersionsRepository = {
  /** Stores the next version of a job (call under the job's row lock, so numbers never collide). @returns its number */
  async insertNext(db: Knex, jobId: number, entry: { lockedBy: string | null; lockedAt: Date; stories: VersionStory[] }): Promise<number> {
    // The next number is read in the insert itself: one round trip.
    const [row] = (await db("breakdown_versions")
      .insert({
        job_id: jobId,
        version: db.raw("(select coalesce(max(version), 0) + 1 from breakdown_versions where job_id = ?)", [jobId]),
        locked_by: entry.lockedBy,
        locked_at: entry.lockedAt,
        // Stringified: the pg driver would send a JS array as a PostgreSQL array, not as JSON.
        stories: JSON.stringify(entry.stories),
      })
      .returning("version")) as Array<{ version: number }>;
    return row!.version;
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
