import type { Knex } from "knex";
import { likePattern, toCount, toDate } from "./rows.js";

/** A freelancer profile as the services see it. */
export interface FreelancerRecord {
  id: string;
  userId: string;
  name: string;
  email: string;
  title: string;
  bio: string;
  hourlyRate: number;
  skills: string[];
  domains: string[];
  languages: string[];
  avatarUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** the average (one decimal) and count of the published, visible reviews about them, when the query read it */
  rating?: { average: number | null; count: number };
}

/** A portfolio document: a named link to an uploaded file. */
export interface PortfolioDocumentRecord {
  id: string;
  freelancerId: string;
  fileId: string;
  name: string;
  storageKey: string;
  createdAt: Date;
}

interface FreelancerRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  title: string;
  bio: string;
  hourly_rate: string | number;
  skills: string[] | string;
  domains: string[] | string;
  languages: string[] | string;
  avatar_url: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const list = (value: string[] | string): string[] => (typeof value === "string" ? (JSON.parse(value) as string[]) : value);

const toRecord = (row: FreelancerRow): FreelancerRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  email: row.email,
  title: row.title,
  bio: row.bio,
  hourlyRate: Number(row.hourly_rate),
  skills: list(row.skills),
  domains: list(row.domains),
  languages: list(row.languages),
  avatarUrl: row.avatar_url,
  createdAt: toDate(row.created_at),
  updatedAt: toDate(row.updated_at),
});

/** The fields a profile is created or edited with. */
export interface FreelancerFields {
  title: string;
  bio: string;
  hourlyRate: number;
  skills: string[];
  domains: string[];
  languages: string[];
  avatarUrl: string | null;
}

const toColumns = (fields: Partial<FreelancerFields>) => ({
  ...(fields.title !== undefined && { title: fields.title }),
  ...(fields.bio !== undefined && { bio: fields.bio }),
  ...(fields.hourlyRate !== undefined && { hourly_rate: fields.hourlyRate }),
  ...(fields.skills !== undefined && { skills: JSON.stringify(fields.skills) }),
  ...(fields.domains !== undefined && { domains: JSON.stringify(fields.domains) }),
  ...(fields.languages !== undefined && { languages: JSON.stringify(fields.languages) }),
  ...(fields.avatarUrl !== undefined && { avatar_url: fields.avatarUrl }),
});

/** Freelancer profiles and their portfolio documents (spec: freelancers, portfolio_docs). */
/** Columns a freelancer list may be sorted on, by API field name. */
export const freelancerSortColumns = { id: "id", createdAt: "created_at", name: "name", hourlyRate: "hourly_rate", title: "title" } as const;

export const freelancersRepository = {
  async findById(db: Knex, id: string): Promise<FreelancerRecord | undefined> {
    const row = (await db("freelancers").where({ id }).first()) as FreelancerRow | undefined;
    return row && toRecord(row);
  },

  async findByUserId(db: Knex, userId: string, options: { forUpdate?: boolean } = {}): Promise<FreelancerRecord | undefined> {
    const query = db("freelancers").where({ user_id: userId }).first();
    if (options.forUpdate) void query.forUpdate();
    const row = (await query) as FreelancerRow | undefined;
    return row && toRecord(row);
  },

  /** @returns the new profile, or undefined when the user already has one */
  async insert(db: Knex, profile: FreelancerFields & { userId: string; name: string; email: string }): Promise<FreelancerRecord | undefined> {
    const [row] = (await db("freelancers")
      .insert({ user_id: profile.userId, name: profile.name, email: profile.email, ...toColumns(profile) })
      .onConflict("user_id")
      .ignore()
      .returning("*")) as FreelancerRow[];
    return row && toRecord(row);
  },

  async update(db: Knex, id: string, fields: Partial<FreelancerFields>, now: Date): Promise<void> {
    await db("freelancers")
      .where({ id })
      .update({ ...toColumns(fields), updated_at: now });
  },

  /** Renames the user's profile, if they have one (their account's names changed). */
  async renameForUser(db: Knex, userId: string, name: string, now: Date): Promise<void> {
    await db("freelancers").where({ user_id: userId }).update({ name, updated_at: now });
  },

  /** Marks the profile changed (documents, portfolio), so the directory cache is refreshed. */
  async touch(db: Knex, id: string, now: Date): Promise<void> {
    await db("freelancers").where({ id }).update({ updated_at: now });
  },

  /** What changes whenever the directory would: the number of profiles and the latest change. */
  async directoryStamp(db: Knex): Promise<string> {
    const [row] = (await db("freelancers").select(db.raw("count(*) as n"), db.raw("max(updated_at) as latest"))) as Array<{
      n: number | string;
      latest: Date | string | null;
    }>;
    return `${toCount(row?.n)}:${row?.latest ? toDate(row.latest).toISOString() : ""}`;
  },

  /**
   * One page of the directory in creation order, searched in name, title, bio, skills and domains. Given the clock,
   * each profile carries its rating (the average, one decimal, and the count of its published, visible reviews: an
   * index-only probe of reviews_subject_published_index per profile), and the page may be sorted by it (best first,
   * then most reviewed, then creation order) or narrowed to a minimum average.
   */
  async search(
    db: Knex,
    query: {
      q?: string | undefined;
      /** only these profiles (the back office's getMany) */
      ids?: string[] | undefined;
      /** creation order unless given (the back office sorts) */
      sort?: keyof typeof freelancerSortColumns | "rating";
      order?: "asc" | "desc";
      offset: number;
      limit: number;
      /** the clock the reviews' publication is read against: given, each row carries its rating */
      now?: Date | undefined;
      /** only profiles whose average is at least this (needs now) */
      minRating?: number | undefined;
    },
  ): Promise<{ rows: FreelancerRecord[]; total: number }> {
    const withRating = query.now !== undefined;
    const filtered = db("freelancers").modify((builder) => {
      if (withRating)
        builder.joinRaw(
          `left join lateral (select round(avg(r.rating)::numeric, 1) as rating_average, count(*) as rating_count from reviews r
             where r.subject_id = freelancers.user_id and r.role = 'client' and r.hidden_at is null and r.published_at <= ?) rt on true`,
          [query.now!],
        );
      if (withRating && query.minRating !== undefined) builder.where("rt.rating_average", ">=", query.minRating);
      if (query.ids) builder.whereIn("freelancers.id", query.ids);
      if (!query.q) return;
      const like = likePattern(query.q);
      builder.where((w) => {
        w.whereILike("freelancers.name", like)
          .orWhereILike("freelancers.title", like)
          .orWhereILike("freelancers.bio", like)
          .orWhereRaw("freelancers.skills::text ilike ?", [like])
          .orWhereRaw("freelancers.domains::text ilike ?", [like]);
      });
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const order = query.order ?? "asc";
    const rows = (await filtered
      .clone()
      .select("freelancers.*", ...(withRating ? ["rt.rating_average", "rt.rating_count"] : []))
      .modify((builder) => {
        if (query.sort === "rating" && withRating) {
          builder
            .orderByRaw("rt.rating_average desc nulls last")
            .orderBy("rt.rating_count", "desc")
            .orderBy("freelancers.created_at", "asc")
            .orderBy("freelancers.id", "asc");
          return;
        }
        const column = freelancerSortColumns[query.sort === "rating" || query.sort === undefined ? "createdAt" : query.sort];
        builder.orderBy(`freelancers.${column}`, order).orderBy("freelancers.id", order);
      })
      .offset(query.offset)
      .limit(query.limit)) as Array<FreelancerRow & { rating_average?: string | number | null; rating_count?: string | number }>;
    return {
      rows: rows.map((row) => ({
        ...toRecord(row),
        ...(withRating && {
          rating: {
            average: row.rating_average === null || row.rating_average === undefined ? null : Number(row.rating_average),
            count: toCount(row.rating_count),
          },
        }),
      })),
      total: toCount(countRow?.total),
    };
  },

  async listDocuments(db: Knex, freelancerId: string): Promise<PortfolioDocumentRecord[]> {
    const rows = (await db({ d: "portfolio_documents" })
      .join({ f: "files" }, "f.id", "d.file_id")
      .where("d.freelancer_id", freelancerId)
      .orderBy("d.created_at")
      .orderBy("d.id")
      .select("d.*", "f.storage_key")) as Array<{
      id: string;
      freelancer_id: string;
      file_id: string;
      name: string;
      storage_key: string;
      created_at: Date | string;
    }>;
    return rows.map((row) => ({
      id: row.id,
      freelancerId: row.freelancer_id,
      fileId: row.file_id,
      name: row.name,
      storageKey: row.storage_key,
      createdAt: toDate(row.created_at),
    }));
  },

  async countDocuments(db: Knex, freelancerId: string): Promise<number> {
    const [row] = (await db("portfolio_documents").where({ freelancer_id: freelancerId }).count({ n: "*" })) as Array<{ n: number | string }>;
    return toCount(row?.n);
  },

  async insertDocument(db: Knex, doc: { freelancerId: string; fileId: string; name: string }): Promise<string> {
    const [row] = (await db("portfolio_documents")
      .insert({ freelancer_id: doc.freelancerId, file_id: doc.fileId, name: doc.name, created_at: db.raw("clock_timestamp()") })
      .returning("id")) as Array<{ id: string }>;
    return row!.id;
  },

  /** Removes the document and its file row. @returns the storage key of the removed bytes, if it existed */
  async deleteDocument(db: Knex, freelancerId: string, docId: string): Promise<string | undefined> {
    const doc = (await db({ d: "portfolio_documents" })
      .join({ f: "files" }, "f.id", "d.file_id")
      .where({ "d.id": docId, "d.freelancer_id": freelancerId })
      .first("d.file_id", "f.storage_key")) as { file_id: string; storage_key: string } | undefined;
    if (!doc) return undefined;
    // The document row goes with its file (ON DELETE CASCADE).
    await db("files").where({ id: doc.file_id }).delete();
    return doc.storage_key;
  },
};
