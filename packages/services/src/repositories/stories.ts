import type { Knex } from "knex";
import type { ApprovedBy, DeliveryPatch, DeliveryStatus, Priority, StoryDraft, TaskStatus } from "@forgehire/core";
import { affectedRows, toCount, toDate, toDateOrNull } from "./rows.js";

/** A task under a story (requirement_tasks, type task). */
export interface TaskRecord {
  id: string;
  jobId: number;
  storyId: string;
  title: string;
  description: string;
  priority: Priority;
  status: TaskStatus;
  locked: boolean;
  comment: string | null;
  estimateHours: number | null;
  /** Given/When/Then sentences */
  acceptanceCriteria: string[];
  /** the requirement it comes from, or null */
  source: string | null;
  createdAt: Date;
  messageCount: number;
}

/** Where a story's delivery stands (packages/core/src/lifecycle/delivery.ts). */
export interface StoryDeliveryRecord {
  status: DeliveryStatus;
  submittedAt: Date | null;
  reviewDueAt: Date | null;
  approvedAt: Date | null;
  approvedBy: ApprovedBy | null;
  revisionCount: number;
  note: string | null;
  links: string[];
  /** the files of its latest submission (their `files` rows, kind delivery_file) */
  files: DeliveryFileRecord[];
}

/** A file of a delivery, as the story lists it (the bytes and who may read them are the `files` row's). */
export interface DeliveryFileRecord {
  id: string;
  name: string;
  size: number;
}

/** A story with its tasks (requirement_tasks, type story). */
export interface StoryRecord {
  id: string;
  jobId: number;
  title: string;
  description: string;
  priority: Priority;
  locked: boolean;
  /** the requirement it comes from, or null */
  source: string | null;
  /** the sum of its tasks' estimates; null when no task has one */
  estimateHours: number | null;
  /** its milestone: its share of the job's price in cents, fixed at lock; null while unlocked */
  amountCents: number | null;
  delivery: StoryDeliveryRecord;
  createdAt: Date;
  tasks: TaskRecord[];
}

/** One row of requirement_tasks, story or task, for the checks before a change. */
export interface BacklogItem {
  id: string;
  jobId: number;
  storyId: string | null;
  type: "story" | "task";
}

interface ItemRow {
  id: string;
  job_id: number;
  story_id: string | null;
  type: "story" | "task";
  title: string;
  description: string;
  priority: Priority;
  status: TaskStatus;
  locked: boolean;
  comment: string | null;
  estimate_hours: number | string | null;
  amount_cents?: number | string | null;
  acceptance_criteria?: unknown;
  source?: string | null;
  created_at: Date | string;
  message_count?: number | string;
  delivery_status?: DeliveryStatus;
  submitted_at?: Date | string | null;
  review_due_at?: Date | string | null;
  approved_at?: Date | string | null;
  approved_by?: ApprovedBy | null;
  revision_count?: number | string;
  delivery_note?: string | null;
  delivery_links?: unknown;
  delivery_files?: unknown;
}

function toDelivery(row: ItemRow): StoryDeliveryRecord {
  const links: unknown = typeof row.delivery_links === "string" ? JSON.parse(row.delivery_links) : row.delivery_links;
  return {
    status: row.delivery_status ?? "building",
    submittedAt: toDateOrNull(row.submitted_at ?? null),
    reviewDueAt: toDateOrNull(row.review_due_at ?? null),
    approvedAt: toDateOrNull(row.approved_at ?? null),
    approvedBy: row.approved_by ?? null,
    revisionCount: Number(row.revision_count ?? 0),
    note: row.delivery_note ?? null,
    links: Array.isArray(links) ? links.filter((link): link is string => typeof link === "string") : [],
    files: toDeliveryFiles(row.delivery_files),
  };
}

/** The jsonb list of a delivery's files; anything malformed reads as no file. */
function toDeliveryFiles(value: unknown): DeliveryFileRecord[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { id, name, size } = item as Record<string, unknown>;
    return typeof id === "string" && typeof name === "string" && typeof size === "number" ? [{ id, name, size }] : [];
  });
}

/** The jsonb column as a list of strings (PostgreSQL returns it parsed; anything else reads as no criteria). */
function toCriteria(value: unknown): string[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
}

/** The sum of the tasks' estimates, or null when none of them has one. */
function storyEstimate(tasks: readonly TaskRecord[]): number | null {
  const estimated = tasks.filter((task) => task.estimateHours !== null);
  return estimated.length === 0 ? null : estimated.reduce((sum, task) => sum + task.estimateHours!, 0);
}

function toTask(row: ItemRow): TaskRecord {
  return {
    id: row.id,
    jobId: row.job_id,
    storyId: row.story_id!,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    locked: row.locked,
    comment: row.comment,
    estimateHours: row.estimate_hours === null ? null : Number(row.estimate_hours),
    acceptanceCriteria: toCriteria(row.acceptance_criteria),
    source: row.source ?? null,
    createdAt: toDate(row.created_at),
    messageCount: toCount(row.message_count),
  };
}

/** Rows of stories and tasks, in order, as the stories with their tasks (a task whose story is not among them is left out). */
function toStories(rows: readonly ItemRow[]): StoryRecord[] {
  const stories = rows
    .filter((row) => row.type === "story")
    .map<StoryRecord>((row) => ({
      id: row.id,
      jobId: row.job_id,
      title: row.title,
      description: row.description,
      priority: row.priority,
      locked: row.locked,
      source: row.source ?? null,
      estimateHours: null,
      amountCents: row.amount_cents === null || row.amount_cents === undefined ? null : Number(row.amount_cents),
      delivery: toDelivery(row),
      createdAt: toDate(row.created_at),
      tasks: [],
    }));
  const byId = new Map(stories.map((story) => [story.id, story]));
  for (const row of rows) if (row.type === "task") byId.get(row.story_id!)?.tasks.push(toTask(row));
  for (const story of stories) story.estimateHours = storyEstimate(story.tasks);
  return stories;
}

export interface ItemPatch {
  title?: string | undefined;
  description?: string | undefined;
  priority?: Priority | undefined;
  status?: TaskStatus | undefined;
  comment?: string | null | undefined;
  estimateHours?: number | undefined;
  acceptanceCriteria?: string[] | undefined;
}

/** Stories and tasks; the only place requirement_tasks is touched. */
export const storiesRepository = {
  /** A job's stories in creation order, each with its tasks and their message counts. */
  async listForJob(db: Knex, jobId: number): Promise<StoryRecord[]> {
    const rows = (await db({ t: "requirement_tasks" })
      .where("t.job_id", jobId)
      .select("t.*", db.raw("(select count(*) from task_communications c where c.task_id = t.id) as message_count"))
      .orderBy("t.position")
      .orderBy("t.created_at")
      .orderBy("t.id")) as ItemRow[];
    return toStories(rows);
  },

  async findItem(db: Knex, id: string): Promise<BacklogItem | undefined> {
    const row = (await db("requirement_tasks").where({ id }).first("id", "job_id", "story_id", "type")) as
      Pick<ItemRow, "id" | "job_id" | "story_id" | "type"> | undefined;
    return row && { id: row.id, jobId: row.job_id, storyId: row.story_id, type: row.type };
  },

  /** A story's or task's editable fields, as the audit trail records them before and after a change. */
  async findItemFields(
    db: Knex,
    id: string,
  ): Promise<{ title: string; description: string; priority: Priority; status: TaskStatus; estimateHours: number | null } | undefined> {
    const row = (await db("requirement_tasks").where({ id }).first("title", "description", "priority", "status", "estimate_hours")) as
      Pick<ItemRow, "title" | "description" | "priority" | "status" | "estimate_hours"> | undefined;
    return (
      row && {
        title: row.title,
        description: row.description,
        priority: row.priority,
        status: row.status,
        estimateHours: row.estimate_hours === null ? null : Number(row.estimate_hours),
      }
    );
  },

  async findTask(db: Knex, id: string): Promise<TaskRecord | undefined> {
    const row = (await db({ t: "requirement_tasks" })
      .where({ "t.id": id, "t.type": "task" })
      .first("t.*", db.raw("(select count(*) from task_communications c where c.task_id = t.id) as message_count"))) as ItemRow | undefined;
    return row && toTask(row);
  },

  /**
   * Stores drafts in order (each story, then its tasks), after the job's last story or task.
   * @returns the stored stories with their tasks, in the drafts' order, as `listForJob` would give them (without
   *   reading them again: no message yet)
   */
  async insertDrafts(db: Knex, jobId: number, drafts: StoryDraft[], options: { locked: boolean }): Promise<StoryRecord[]> {
    if (drafts.length === 0) return [];
    // Two statements whatever the size: every story, then every task. Positions follow the job's last one, read in
    // the insert itself (each row of one INSERT sees the table as it was before it), stories first, each story's
    // tasks after it, as before.
    const after = db.raw("(select coalesce(max(position), -1) + 1 from requirement_tasks where job_id = ?)", [jobId]);
    const at = (offset: number) => db.raw("? + ?", [after, offset]);
    let offset = 0;
    const storyOffsets = drafts.map((story) => {
      const own = offset;
      offset += 1 + story.tasks.length;
      return own;
    });
    const stories = (await db("requirement_tasks")
      .insert(
        drafts.map((story, i) => ({
          job_id: jobId,
          type: "story",
          title: story.title,
          description: story.description,
          priority: story.priority,
          source: story.source ?? null,
          locked: options.locked,
          position: at(storyOffsets[i]!),
        })),
      )
      .returning("*")) as Array<ItemRow & { position: number }>;
    // RETURNING's order is not promised: the ids are matched to the drafts by position.
    const first = Math.min(...stories.map((row) => row.position));
    const idAt = new Map(stories.map((row) => [row.position - first, row.id]));
    const ids = storyOffsets.map((own) => idAt.get(own)!);
    const tasks = drafts.flatMap((story, i) =>
      story.tasks.map((task, j) => ({
        job_id: jobId,
        story_id: ids[i]!,
        type: "task",
        title: task.title,
        description: task.description,
        priority: task.priority,
        status: task.status,
        estimate_hours: task.estimateHours ?? null,
        // Stringified: the pg driver would send a JS array as a PostgreSQL array, not as JSON.
        acceptance_criteria: JSON.stringify(task.acceptanceCriteria ?? []),
        source: task.source ?? null,
        locked: options.locked,
        position: storyOffsets[i]! + first + 1 + j,
      })),
    );
    const taskRows = tasks.length ? ((await db("requirement_tasks").insert(tasks).returning("*")) as Array<ItemRow & { position: number }>) : [];
    return toStories([...stories, ...taskRows].sort((a, b) => a.position - b.position));
  },

  async insertStory(db: Knex, jobId: number, story: { title: string; description: string; priority: Priority }): Promise<string> {
    const [row] = (await db("requirement_tasks")
      .insert({ job_id: jobId, type: "story", ...story, position: await nextPosition(db, jobId) })
      .returning("id")) as Array<{ id: string }>;
    return row!.id;
  },

  async insertTask(
    db: Knex,
    jobId: number,
    storyId: string,
    task: {
      title: string;
      description: string;
      priority: Priority;
      status: TaskStatus;
      estimateHours?: number | undefined;
      acceptanceCriteria?: string[] | undefined;
    },
  ): Promise<string> {
    const { estimateHours, acceptanceCriteria, ...fields } = task;
    const [row] = (await db("requirement_tasks")
      .insert({
        job_id: jobId,
        story_id: storyId,
        type: "task",
        ...fields,
        estimate_hours: estimateHours ?? null,
        acceptance_criteria: JSON.stringify(acceptanceCriteria ?? []),
        position: await nextPosition(db, jobId),
      })
      .returning("id")) as Array<{ id: string }>;
    return row!.id;
  },

  async updateItem(db: Knex, id: string, patch: ItemPatch, now: Date): Promise<void> {
    const { estimateHours, acceptanceCriteria, ...rest } = patch;
    const changes: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    if (estimateHours !== undefined) changes.estimate_hours = estimateHours;
    if (acceptanceCriteria !== undefined) changes.acceptance_criteria = JSON.stringify(acceptanceCriteria);
    await db("requirement_tasks")
      .where({ id })
      .update({ ...changes, updated_at: now });
  },

  /** Deletes a story (its tasks go with it, by cascade) or a task. */
  async deleteItem(db: Knex, id: string): Promise<boolean> {
    return affectedRows(await db("requirement_tasks").where({ id }).delete()) === 1;
  },

  /** Deletes every story of a job (their tasks go with them, by cascade). @returns how many stories there were */
  async deleteAllForJob(db: Knex, jobId: number): Promise<number> {
    return affectedRows(await db("requirement_tasks").where({ job_id: jobId, type: "story" }).delete());
  },

  /** A story with its tasks (and their message counts), or undefined when there is no story of that id. */
  async findStory(db: Knex, id: string): Promise<StoryRecord | undefined> {
    const rows = (await db({ t: "requirement_tasks" })
      .where((where) => {
        where.where("t.id", id).orWhere("t.story_id", id);
      })
      .select("t.*", db.raw("(select count(*) from task_communications c where c.task_id = t.id) as message_count"))
      .orderBy("t.position")
      .orderBy("t.created_at")
      .orderBy("t.id")) as ItemRow[];
    return toStories(rows).find((story) => story.id === id);
  },

  /**
   * Moves a story's delivery, only if it is still where the decision saw it: in one of `from`, and (for a timer) in
   * the same submission. The condition is the statement's own, so of two requests racing on one story exactly one
   * moves it and the other finds nothing to move.
   * @returns whether this call moved it
   */
  async moveDelivery(
    db: Knex,
    id: string,
    expected: { from: readonly DeliveryStatus[]; submittedAt?: Date | undefined },
    patch: DeliveryPatch & { note?: string | null; links?: string[]; files?: DeliveryFileRecord[] },
    now: Date,
  ): Promise<boolean> {
    const changes: Record<string, unknown> = { delivery_status: patch.status, updated_at: now };
    if (patch.submittedAt !== undefined) changes.submitted_at = patch.submittedAt;
    if (patch.reviewDueAt !== undefined) changes.review_due_at = patch.reviewDueAt;
    if (patch.approvedAt !== undefined) changes.approved_at = patch.approvedAt;
    if (patch.approvedBy !== undefined) changes.approved_by = patch.approvedBy;
    if (patch.revisionCount !== undefined) changes.revision_count = patch.revisionCount;
    if (patch.note !== undefined) changes.delivery_note = patch.note;
    if (patch.links !== undefined) changes.delivery_links = JSON.stringify(patch.links);
    if (patch.files !== undefined) changes.delivery_files = JSON.stringify(patch.files);
    const query = db("requirement_tasks")
      .where({ id, type: "story" })
      .whereIn("delivery_status", [...expected.from]);
    const scoped = expected.submittedAt === undefined ? query : query.where("submitted_at", expected.submittedAt);
    return affectedRows(await scoped.update(changes)) === 1;
  },

  /**
   * Claims the reminder of a story's review deadline for one submission: only while the story is still in review in
   * that submission, and only once for it (the statement's own condition, so of two workers one claims it).
   * @returns whether this call claimed it
   */
  async claimReviewReminder(db: Knex, id: string, submittedAt: Date): Promise<boolean> {
    const claimed = await db("requirement_tasks")
      .where({ id, type: "story", delivery_status: "in_review", submitted_at: submittedAt })
      .whereRaw("review_reminder_for is distinct from ?", [submittedAt])
      .update({ review_reminder_for: submittedAt });
    return affectedRows(claimed) === 1;
  },

  /** The delivery status of each story of a job. */
  async deliveryStatuses(db: Knex, jobId: number): Promise<Array<{ id: string; status: DeliveryStatus }>> {
    const rows = (await db("requirement_tasks").where({ job_id: jobId, type: "story" }).select("id", "delivery_status")) as Array<{
      id: string;
      delivery_status: DeliveryStatus;
    }>;
    return rows.map((row) => ({ id: row.id, status: row.delivery_status }));
  },

  /** Unlocks a job's stories and tasks; the stories' milestone amounts go with the lock (the next lock fixes them anew). */
  /** Sets a story's milestone amount (a paid change request's story: its quote). */
  async setAmountCents(db: Knex, storyId: string, amountCents: number, now: Date): Promise<void> {
    await db("requirement_tasks").where({ id: storyId, type: "story" }).update({ amount_cents: amountCents, updated_at: now });
  },

  async unlockForJob(db: Knex, jobId: number, now: Date): Promise<void> {
    await db("requirement_tasks").where({ job_id: jobId }).update({ locked: false, amount_cents: null, updated_at: now });
  },
};

async function nextPosition(db: Knex, jobId: number): Promise<number> {
  const [row] = (await db("requirement_tasks").where({ job_id: jobId }).max({ max: "position" })) as Array<{ max: number | null }>;
  return (row?.max ?? -1) + 1;
}
