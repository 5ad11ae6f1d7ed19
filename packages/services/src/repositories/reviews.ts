import type { Knex } from "knex";
import type { ReviewRole } from "@forgehire/core";
import { likePattern, toCount, toDate, toDateOrNull } from "./rows.js";

/** A review as stored, with its author's and subject's names. */
export interface ReviewRecord {
  id: string;
  jobId: number;
  authorId: string;
  authorName: string;
  subjectId: string;
  subjectName: string;
  role: ReviewRole;
  rating: number;
  text: string;
  reply: string | null;
  replyAt: Date | null;
  hiddenAt: Date | null;
  hiddenBy: string | null;
  hiddenReason: string | null;
  publishedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** A review as the back office lists it: with its job's title and the hiding admin's name. */
export interface AdminReviewRecord extends ReviewRecord {
  jobTitle: string;
  hiddenByName: string | null;
}

interface ReviewRow {
  id: string;
  job_id: number;
  author_id: string;
  author_first_name: string;
  author_last_name: string;
  subject_id: string;
  subject_first_name: string;
  subject_last_name: string;
  role: ReviewRole;
  rating: number | string;
  text: string;
  reply: string | null;
  reply_at: Date | string | null;
  hidden_at: Date | string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
  published_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const name = (first: string, last: string) => `${first} ${last}`.trim();

function toRecord(row: ReviewRow): ReviewRecord {
  return {
    id: row.id,
    jobId: row.job_id,
    authorId: row.author_id,
    authorName: name(row.author_first_name, row.author_last_name),
    subjectId: row.subject_id,
    subjectName: name(row.subject_first_name, row.subject_last_name),
    role: row.role,
    rating: Number(row.rating),
    text: row.text,
    reply: row.reply,
    replyAt: toDateOrNull(row.reply_at),
    hiddenAt: toDateOrNull(row.hidden_at),
    hiddenBy: row.hidden_by,
    hiddenReason: row.hidden_reason,
    publishedAt: toDate(row.published_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Reviews with their people's names: `r` is the review, `a` its author, `s` its subject. */
function withNames(db: Knex) {
  return db({ r: "reviews" })
    .join({ a: "users" }, "a.id", "r.author_id")
    .join({ s: "users" }, "s.id", "r.subject_id")
    .select(
      "r.*",
      "a.first_name as author_first_name",
      "a.last_name as author_last_name",
      "s.first_name as subject_first_name",
      "s.last_name as subject_last_name",
    );
}

/**
 * The SQL of "a published review that counts for its subject's rating": the rule "published when both are in or 14
 * days after completion" as a range of reviews_subject_published_index (role client: about a freelancer).
 */
export const countedReviewSql = `r.role = 'client' and r.hidden_at is null and r.published_at <= ?`;

/** Sortable review fields of the back office, and their columns. */
export const adminReviewSortColumns = { id: "id", createdAt: "created_at", rating: "rating", publishedAt: "published_at", jobId: "job_id" } as const;
/** A sortable review field. */
export type AdminReviewSortField = keyof typeof adminReviewSortColumns;

/** The back office's review filters. */
export interface AdminReviewFilter {
  ids?: string[] | undefined;
  q?: string | undefined;
  jobId?: number | undefined;
  role?: ReviewRole | undefined;
  rating?: number | undefined;
  hidden?: boolean | undefined;
  published?: boolean | undefined;
  authorId?: string | undefined;
  subjectId?: string | undefined;
}

/** A position in a profile's reviews: the last review's publication time and id. */
export interface ReviewCursor {
  publishedAt: string;
  id: string;
}

/** Reviews (issue 19): written by the use cases in the transaction of the change; never deleted. */
export const reviewsRepository = {
  async insert(
    db: Knex,
    review: { jobId: number; authorId: string; subjectId: string; role: ReviewRole; rating: number; text: string; publishedAt: Date; now: Date },
  ): Promise<string | undefined> {
    const [row] = (await db("reviews")
      .insert({
        job_id: review.jobId,
        author_id: review.authorId,
        subject_id: review.subjectId,
        role: review.role,
        rating: review.rating,
        text: review.text,
        published_at: review.publishedAt,
        created_at: review.now,
        updated_at: review.now,
      })
      .onConflict(["job_id", "author_id"])
      .ignore()
      .returning("id")) as Array<{ id: string }>;
    return row?.id;
  },

  async findById(db: Knex, id: string, options: { forUpdate?: boolean } = {}): Promise<ReviewRecord | undefined> {
    const query = withNames(db).where("r.id", id).first();
    if (options.forUpdate) void query.forUpdate("r");
    const row = (await query) as ReviewRow | undefined;
    return row && toRecord(row);
  },

  async findAdminById(db: Knex, id: string): Promise<AdminReviewRecord | undefined> {
    const row = (await withNames(db)
      .join({ j: "jobs" }, "j.id", "r.job_id")
      .leftJoin({ h: "users" }, "h.id", "r.hidden_by")
      .select("j.title as job_title", "h.first_name as hidden_first_name", "h.last_name as hidden_last_name")
      .where("r.id", id)
      .first()) as (ReviewRow & AdminExtra) | undefined;
    return row && toAdminRecord(row);
  },

  /** The job's reviews (none, one or two), oldest first. */
  async listForJob(db: Knex, jobId: number): Promise<ReviewRecord[]> {
    const rows = (await withNames(db).where("r.job_id", jobId).orderBy("r.created_at", "asc").orderBy("r.id", "asc")) as ReviewRow[];
    return rows.map(toRecord);
  },

  /** Both reviews are in: each is published now, unless its time has already come. */
  async publishJob(db: Knex, jobId: number, now: Date): Promise<void> {
    await db("reviews").where({ job_id: jobId }).where("published_at", ">", now).update({ published_at: now, updated_at: now });
  },

  async update(db: Knex, id: string, fields: { rating?: number | undefined; text?: string | undefined }, now: Date): Promise<void> {
    await db("reviews")
      .where({ id })
      .update({
        ...(fields.rating !== undefined && { rating: fields.rating }),
        ...(fields.text !== undefined && { text: fields.text }),
        updated_at: now,
      });
  },

  async reply(db: Knex, id: string, text: string, now: Date): Promise<void> {
    await db("reviews").where({ id }).update({ reply: text, reply_at: now, updated_at: now });
  },

  async hide(db: Knex, id: string, by: string, reason: string, now: Date): Promise<void> {
    await db("reviews").where({ id }).update({ hidden_at: now, hidden_by: by, hidden_reason: reason, updated_at: now });
  },

  /** A page of the subject's published, visible reviews (about a freelancer), newest first, after the cursor. */
  async publishedForSubject(db: Knex, subjectId: string, now: Date, page: { after?: ReviewCursor | undefined; limit: number }): Promise<ReviewRecord[]> {
    const rows = (await withNames(db)
      .where("r.subject_id", subjectId)
      .whereRaw(countedReviewSql, [now])
      .modify((builder) => {
        if (page.after) builder.whereRaw("(r.published_at, r.id) < (?, ?)", [page.after.publishedAt, page.after.id]);
      })
      .orderBy("r.published_at", "desc")
      .orderBy("r.id", "desc")
      .limit(page.limit)) as ReviewRow[];
    return rows.map(toRecord);
  },

  /** The subject's rating: the average (one decimal) and count of their published, visible reviews. */
  async ratingOf(db: Knex, subjectId: string, now: Date): Promise<{ average: number | null; count: number }> {
    const [row] = (await db({ r: "reviews" })
      .where("r.subject_id", subjectId)
      .whereRaw(countedReviewSql, [now])
      .select(db.raw("round(avg(r.rating)::numeric, 1) as average"), db.raw("count(*) as count"))) as Array<{
      average: string | number | null;
      count: string | number;
    }>;
    return { average: row?.average === null || row?.average === undefined ? null : Number(row.average), count: toCount(row?.count) };
  },

  /** What changes when any freelancer's rating could: the counted reviews now, and the latest write. */
  async ratingStamp(db: Knex, now: Date): Promise<string> {
    const [row] = (await db({ r: "reviews" }).select(
      db.raw(`count(*) filter (where ${countedReviewSql}) as n`, [now]),
      db.raw("max(r.updated_at) as latest"),
    )) as Array<{ n: number | string; latest: Date | string | null }>;
    return `${toCount(row?.n)}:${row?.latest ? toDate(row.latest).toISOString() : ""}`;
  },

  /** The back office's page of reviews, every one (hidden ones too), with the job's title. */
  async list(
    db: Knex,
    filter: AdminReviewFilter,
    query: { sort: AdminReviewSortField; order: "asc" | "desc"; offset: number; limit: number },
    now: Date,
  ): Promise<{ rows: AdminReviewRecord[]; total: number }> {
    const filtered = db({ r: "reviews" }).modify((builder) => {
      if (filter.ids) builder.whereIn("r.id", filter.ids);
      if (filter.jobId !== undefined) builder.where("r.job_id", filter.jobId);
      if (filter.role !== undefined) builder.where("r.role", filter.role);
      if (filter.rating !== undefined) builder.where("r.rating", filter.rating);
      if (filter.authorId !== undefined) builder.where("r.author_id", filter.authorId);
      if (filter.subjectId !== undefined) builder.where("r.subject_id", filter.subjectId);
      if (filter.hidden !== undefined) builder.whereRaw(filter.hidden ? "r.hidden_at is not null" : "r.hidden_at is null");
      if (filter.published !== undefined) builder.whereRaw(filter.published ? "r.published_at <= ?" : "r.published_at > ?", [now]);
      if (filter.q) {
        const like = likePattern(filter.q);
        builder.where((w) => {
          w.whereILike("r.text", like).orWhereILike("r.reply", like).orWhereILike("r.hidden_reason", like);
        });
      }
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const column = `r.${adminReviewSortColumns[query.sort]}`;
    const rows = (await filtered
      .clone()
      .join({ a: "users" }, "a.id", "r.author_id")
      .join({ s: "users" }, "s.id", "r.subject_id")
      .join({ j: "jobs" }, "j.id", "r.job_id")
      .leftJoin({ h: "users" }, "h.id", "r.hidden_by")
      .select(
        "r.*",
        "a.first_name as author_first_name",
        "a.last_name as author_last_name",
        "s.first_name as subject_first_name",
        "s.last_name as subject_last_name",
        "j.title as job_title",
        "h.first_name as hidden_first_name",
        "h.last_name as hidden_last_name",
      )
      .orderBy(column, query.order)
      .modify((builder) => {
        if (column !== "r.id") builder.orderBy("r.id", query.order);
      })
      .offset(query.offset)
      .limit(query.limit)) as Array<ReviewRow & AdminExtra>;
    return { rows: rows.map(toAdminRecord), total: toCount(countRow?.total) };
  },
};

interface AdminExtra {
  job_title: string;
  hidden_first_name: string | null;
  hidden_last_name: string | null;
}

function toAdminRecord(row: ReviewRow & AdminExtra): AdminReviewRecord {
  return {
    ...toRecord(row),
    jobTitle: row.job_title,
    hiddenByName: row.hidden_first_name === null ? null : name(row.hidden_first_name, row.hidden_last_name ?? ""),
  };
}
