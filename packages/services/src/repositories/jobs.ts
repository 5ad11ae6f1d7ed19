import type { Knex } from "knex";
import type { AdditionalServices, JobCriteria, JobState, ProjectSpecificFields, Scope, WizardAnswerBody } from "@forgehire/core";
import { noAdditionalServices } from "@forgehire/core";
import { LRUCache } from "lru-cache";
import { affectedRows, likePattern, toCount, toDate, toDateOnly, toDateOrNull } from "./rows.js";

/** A job as the services see it: its state for the rules, plus what the screens show. */
export interface JobRecord extends JobState {
  id: number;
  title: string;
  description: string;
  industry: string;
  scope: Scope;
  budget: number;
  ownerName: string;
  startedAt: Date | null;
  completedAt: Date | null;
  expectedDeliveryDate: string | null;
  breakdownSource: "ai" | "rules" | "fallback" | null;
  hasStories: boolean;
  hasCommunication: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What the client wrote in the wizard, beyond the job's own fields. */
export interface RequirementsRecord {
  industry: string;
  targetAudience: string;
  keyFeatures: string;
  userCategories: string[];
  stakeholders: string;
  existingSystems: string;
  complianceRequirements: string;
  complianceTypes: string[];
  integrationSystems: string[];
  additionalServices: AdditionalServices;
  /** the stack named for the Custom Tech Stack extra; "" when none */
  customTechStack: string;
  projectSpecificFields: Partial<ProjectSpecificFields>;
  answers: WizardAnswerBody[];
}

interface JobRow {
  id: number;
  title: string;
  description: string;
  industry: string;
  scope: number;
  budget: number | string;
  owner_id: string;
  status: JobState["status"];
  payment_status: JobState["paymentStatus"];
  locked: boolean;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  freelancer_id: string | null;
  expected_delivery_date: Date | string | null;
  breakdown_source: JobRecord["breakdownSource"];
  created_at: Date | string;
  updated_at: Date | string;
  owner_first_name: string;
  owner_last_name: string;
  has_stories: boolean;
  has_communication: boolean;
}

interface RequirementsRow {
  industry: string | null;
  target_audience: string | null;
  key_features: string | null;
  user_categories: string[] | string;
  stakeholders: string | null;
  existing_systems: string | null;
  compliance_requirements: string | null;
  additional_requirements: Record<string, unknown> | string;
}

/** The stored JSON of additional_requirements (spec part 1 §3), with the follow-up answers as a list. */
interface AdditionalRequirements {
  industry?: string;
  additionalServices?: Partial<AdditionalServices>;
  customTechStack?: string;
  projectSpecificFields?: Partial<ProjectSpecificFields>;
  complianceTypes?: string[];
  integrationSystems?: string[];
  answers?: WizardAnswerBody[];
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    industry: row.industry,
    scope: row.scope as Scope,
    budget: Number(row.budget),
    ownerId: row.owner_id,
    ownerName: `${row.owner_first_name} ${row.owner_last_name}`.trim(),
    status: row.status,
    paymentStatus: row.payment_status,
    locked: row.locked,
    startedAt: toDateOrNull(row.started_at),
    completedAt: toDateOrNull(row.completed_at),
    freelancerId: row.freelancer_id,
    expectedDeliveryDate: toDateOnly(row.expected_delivery_date),
    breakdownSource: row.breakdown_source,
    hasStories: Boolean(row.has_stories),
    hasCommunication: Boolean(row.has_communication),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

const parseJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

function toRequirements(row: RequirementsRow | undefined, fallbackIndustry: string): RequirementsRecord {
  const extra = parseJson<AdditionalRequirements>((row?.additional_requirements ?? {}) as AdditionalRequirements | string);
  return {
    industry: row?.industry ?? extra.industry ?? fallbackIndustry,
    targetAudience: row?.target_audience ?? "",
    keyFeatures: row?.key_features ?? "",
    userCategories: row ? parseJson<string[]>(row.user_categories) : [],
    stakeholders: row?.stakeholders ?? "",
    existingSystems: row?.existing_systems ?? "",
    complianceRequirements: row?.compliance_requirements ?? "",
    complianceTypes: extra.complianceTypes ?? [],
    integrationSystems: extra.integrationSystems ?? [],
    additionalServices: { ...noAdditionalServices, ...extra.additionalServices },
    customTechStack: extra.customTechStack ?? "",
    projectSpecificFields: extra.projectSpecificFields ?? {},
    answers: extra.answers ?? [],
  };
}

function requirementsColumns(jobId: number, requirements: RequirementsRecord) {
  const extra: AdditionalRequirements = {
    industry: requirements.industry,
    additionalServices: requirements.additionalServices,
    customTechStack: requirements.customTechStack,
    projectSpecificFields: requirements.projectSpecificFields,
    complianceTypes: requirements.complianceTypes,
    integrationSystems: requirements.integrationSystems,
    answers: requirements.answers,
  };
  return {
    job_id: jobId,
    industry: requirements.industry,
    target_audience: requirements.targetAudience,
    key_features: requirements.keyFeatures,
    user_categories: JSON.stringify(requirements.userCategories),
    stakeholders: requirements.stakeholders,
    existing_systems: requirements.existingSystems,
    compliance_requirements: requirements.complianceRequirements,
    additional_requirements: JSON.stringify(extra),
  };
}

function selectJobs(db: Knex) {
  return db({ j: "jobs" })
    .join({ o: "users" }, "o.id", "j.owner_id")
    .select(
      "j.*",
      "o.first_name as owner_first_name",
      "o.last_name as owner_last_name",
      db.raw("exists (select 1 from requirement_tasks s where s.job_id = j.id and s.type = 'story') as has_stories"),
      db.raw("exists (select 1 from messages m where m.job_id = j.id) as has_communication"),
    );
}

function applyCriteria(builder: Knex.QueryBuilder, criteria: JobCriteria): void {
  if (criteria.ownerId !== undefined) builder.where("j.owner_id", criteria.ownerId);
  if (criteria.freelancerId !== undefined) builder.where("j.freelancer_id", criteria.freelancerId);
  if (criteria.statuses !== undefined) builder.whereIn("j.status", [...criteria.statuses]);
  if (criteria.paymentStatus !== undefined) builder.where("j.payment_status", criteria.paymentStatus);
  if (criteria.notPaymentStatus !== undefined) builder.whereNot("j.payment_status", criteria.notPaymentStatus);
  // Both subqueries are index lookups: requirement_tasks (job_id, type, …) and messages (job_id).
  if (criteria.hasStories !== undefined) {
    const stories = (sub: Knex.QueryBuilder) => {
      sub.select(1).from({ s: "requirement_tasks" }).whereRaw("s.job_id = j.id").where("s.type", "story");
    };
    if (criteria.hasStories) builder.whereExists(stories);
    else builder.whereNotExists(stories);
  }
  if (criteria.hasCommunication !== undefined) {
    const messages = (sub: Knex.QueryBuilder) => {
      sub.select(1).from({ m: "messages" }).whereRaw("m.job_id = j.id");
    };
    if (criteria.hasCommunication) builder.whereExists(messages);
    else builder.whereNotExists(messages);
  }
}

/** The columns a job list may be sorted on, by API field name; nothing else reaches ORDER BY. */
export const jobSortColumns = {
  id: "j.id",
  title: "j.title",
  budget: "j.budget",
  status: "j.status",
  paymentStatus: "j.payment_status",
  createdAt: "j.created_at",
} as const;

/** A field a job list may be sorted on. */
export type JobSortField = keyof typeof jobSortColumns;

/** What `listLive` reads: every field is optional but the page. */
export interface JobListQuery {
  /** true: the deleted jobs instead of the live ones (the back office's 'Deleted' list, to restore them) */
  deleted?: boolean | undefined;
  /** words looked for in the title and description (and the poster's name with searchOwnerName) */
  q?: string | undefined;
  /** also look for q in the poster's first and last name (the back office) */
  searchOwnerName?: boolean;
  criteria?: JobCriteria;
  /** only these job ids (react-admin's getMany) */
  ids?: readonly number[] | undefined;
  /** createdAt by default */
  sort?: JobSortField;
  /** desc by default */
  order?: "asc" | "desc";
  /** the position of the page's first row: what is skipped, or with `after` what the total counts before the page */
  offset: number;
  limit: number;
  /**
   * Keyset pagination (the default sort only, newest first): the page starts just after this row, found through the
   * index on (created_at desc, id desc) however deep it is, where an offset would read and drop every row before it.
   */
  after?: JobListPosition | undefined;
  /**
   * May the total come from a count made up to LISTING_TOTAL_TTL_MS ago (the public listing) rather than a fresh
   * `count(*)`, whose cost grows with the table? Counts made by this process are dropped at once when it adds or
   * removes a live job; another process's changes show within the TTL.
   */
  cachedTotal?: boolean;
}

/** A row's place in the newest-first order: its creation time to the microsecond (ISO, UTC) and its id. */
export interface JobListPosition {
  key: string;
  id: number;
}

/** How long a cached listing total may be served (see JobListQuery.cachedTotal). */
export const LISTING_TOTAL_TTL_MS = 5000;

// Per database (keyed by the knex client's config, which a transaction's client shares with its pool's): the cached
// totals by search text, the counts under way, and how many live-job changes this process made, so that a count
// begun before a change is never stored after it, nor joined by a request made after it.
interface ListingTotals {
  generation: number;
  totals: LRUCache<string, { total: number }>;
  counting: Map<string, Promise<number>>;
}
const listingTotals = new WeakMap<object, ListingTotals>();
function listingTotalsOf(db: Knex): ListingTotals {
  const key = (db as unknown as { client: { config: object } }).client.config;
  let entry = listingTotals.get(key);
  if (!entry) listingTotals.set(key, (entry = { generation: 0, totals: new LRUCache({ max: 1000, ttl: LISTING_TOTAL_TTL_MS }), counting: new Map() }));
  return entry;
}
/** The set of live jobs changed (or may have, if the transaction commits): cached listing totals are stale. */
function liveJobsChanged(db: Knex): void {
  const entry = listingTotalsOf(db);
  entry.generation += 1;
  entry.totals.clear();
  entry.counting.clear();
}

export interface NewJob {
  title: string;
  description: string;
  industry: string;
  scope: Scope;
  budget: number;
  ownerId: string;
  expectedDeliveryDate: string | null;
}

export type JobStatePatch = Partial<Pick<JobRecord, "locked" | "status" | "paymentStatus" | "startedAt" | "completedAt" | "freelancerId" | "breakdownSource">>;

export type JobPatch = Partial<Pick<NewJob, "title" | "description" | "industry" | "scope" | "budget" | "expectedDeliveryDate">>;

/**
 * The total of a page's list. The last page, unless past the end, tells it without counting; otherwise a `count(*)`,
 * whose cost grows with the list, or for the public listing one cached for a few seconds.
 */
async function totalOf(db: Knex, filtered: Knex.QueryBuilder, query: JobListQuery, pageRows: number, hasMore: boolean): Promise<number> {
  if (pageRows > 0 && !hasMore) return query.offset + pageRows;
  if (pageRows === 0 && query.offset === 0) return 0;
  const count = async () => {
    const [row] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    return toCount(row?.total);
  };
  if (!query.cachedTotal) return count();
  const cache = listingTotalsOf(db);
  const key = JSON.stringify([query.q ?? "", query.criteria ?? {}, query.ids ?? [], query.searchOwnerName ?? false]);
  // A stale total never says there is less than the page just read.
  const atLeastThePage = (total: number) => Math.max(total, query.offset + pageRows);
  const hit = cache.totals.get(key);
  if (hit) return atLeastThePage(hit.total);
  // Requests that find the total expired join the count under way rather than each make their own: under load every
  // request in flight found it expired at once, and on PGlite, which runs one statement at a time, those dozens of
  // count(*)s stalled the listing for a second every LISTING_TOTAL_TTL_MS.
  let counting = cache.counting.get(key);
  if (!counting) {
    const generation = cache.generation;
    counting = count().then(
      (total) => {
        if (cache.generation === generation) {
          cache.totals.set(key, { total });
          cache.counting.delete(key);
        }
        return total;
      },
      (error: unknown) => {
        if (cache.generation === generation) cache.counting.delete(key);
        throw error;
      },
    );
    cache.counting.set(key, counting);
  }
  return atLeastThePage(await counting);
}

/** Jobs and their requirements; the only place their tables are touched. */
export const jobsRepository = {
  async findById(db: Knex, id: number, options: { forUpdate?: boolean } = {}): Promise<JobRecord | undefined> {
    // With forUpdate, one statement locks the job's row (only the job's: `for update of j`) and reads it.
    const row = (await selectJobs(db)
      .where("j.id", id)
      .modify((builder) => {
        if (options.forUpdate) builder.forUpdate("j");
      })
      .first()) as JobRow | undefined;
    return row && toRecord(row);
  },

  /**
   * A job locked for its requirements' lock, with its stories' estimate hours (each the sum of its tasks', null when
   * none has one) in backlog order, read in the row lock's one statement: the milestone split needs them, and the
   * lock takes no round trip more than before.
   */
  async findForLock(db: Knex, id: number): Promise<{ job: JobRecord; storyHours: Array<{ id: string; hours: number | null }> } | undefined> {
    const row = (await selectJobs(db)
      .select(
        db.raw(`(select coalesce(json_agg(json_build_object(
            'id', s.id,
            'hours', (select sum(t.estimate_hours) from requirement_tasks t where t.story_id = s.id and t.type = 'task')
          ) order by s.position, s.created_at, s.id), '[]'::json)
          from requirement_tasks s where s.job_id = j.id and s.type = 'story') as story_hours`),
      )
      .where("j.id", id)
      .forUpdate("j")
      .first()) as (JobRow & { story_hours: unknown }) | undefined;
    if (!row) return undefined;
    const stories = parseJson(row.story_hours) as Array<{ id: string; hours: number | string | null }>;
    return { job: toRecord(row), storyHours: stories.map((story) => ({ id: story.id, hours: story.hours === null ? null : Number(story.hours) })) };
  },

  /** A job and its requirements, read in one statement (the detail page, a breakdown's input). */
  async findWithRequirements(db: Knex, id: number): Promise<{ job: JobRecord; requirements: RequirementsRecord } | undefined> {
    const row = (await selectJobs(db)
      .select(db.raw("(select to_jsonb(r) from job_requirements r where r.job_id = j.id) as requirements"))
      .where("j.id", id)
      .first()) as (JobRow & { requirements: RequirementsRow | string | null }) | undefined;
    if (!row) return undefined;
    const requirements = row.requirements === null ? undefined : parseJson(row.requirements);
    return { job: toRecord(row), requirements: toRequirements(requirements, row.industry) };
  },

  async findRequirements(db: Knex, job: Pick<JobRecord, "id" | "industry">): Promise<RequirementsRecord> {
    const row = (await db("job_requirements").where({ job_id: job.id }).first()) as RequirementsRow | undefined;
    return toRequirements(row, job.industry);
  },

  async insert(db: Knex, job: NewJob, requirements: RequirementsRecord): Promise<number> {
    const [row] = (await db("jobs")
      .insert({
        title: job.title,
        description: job.description,
        industry: job.industry,
        scope: job.scope,
        budget: job.budget,
        owner_id: job.ownerId,
        expected_delivery_date: job.expectedDeliveryDate,
      })
      .returning("id")) as Array<{ id: number }>;
    if (!row) throw new Error("job insert returned no row");
    liveJobsChanged(db);
    await db("job_requirements").insert(requirementsColumns(row.id, requirements));
    return row.id;
  },

  async update(db: Knex, id: number, patch: JobPatch, requirements: RequirementsRecord, now: Date): Promise<void> {
    await db("jobs")
      .where({ id })
      .update({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.industry !== undefined && { industry: patch.industry }),
        ...(patch.scope !== undefined && { scope: patch.scope }),
        ...(patch.budget !== undefined && { budget: patch.budget }),
        ...(patch.expectedDeliveryDate !== undefined && { expected_delivery_date: patch.expectedDeliveryDate }),
        updated_at: now,
      });
    await db("job_requirements")
      .insert({ ...requirementsColumns(id, requirements), updated_at: now })
      .onConflict("job_id")
      .merge();
  },

  /** Changes a job's state fields (lock, start, completion, payment, breakdown source). */
  async updateState(db: Knex, id: number, state: JobStatePatch, now: Date): Promise<void> {
    if (state.status !== undefined) liveJobsChanged(db);
    await db("jobs")
      .where({ id })
      .update({
        ...(state.locked !== undefined && { locked: state.locked }),
        ...(state.status !== undefined && { status: state.status }),
        ...(state.paymentStatus !== undefined && { payment_status: state.paymentStatus }),
        ...(state.startedAt !== undefined && { started_at: state.startedAt }),
        ...(state.completedAt !== undefined && { completed_at: state.completedAt }),
        ...(state.freelancerId !== undefined && { freelancer_id: state.freelancerId }),
        ...(state.breakdownSource !== undefined && { breakdown_source: state.breakdownSource }),
        updated_at: now,
      });
  },

  /**
   * Records where a job's first breakdown came from, unless the job has stories already (call under the job's row
   * lock: this statement, unlike the one that took the lock, sees stories committed while it waited).
   * @returns whether the job had no stories, and now has its breakdown's source
   */
  async claimBreakdown(db: Knex, id: number, source: NonNullable<JobRecord["breakdownSource"]>, now: Date): Promise<boolean> {
    const result = await db("jobs")
      .where({ id })
      .whereNotExists((sub) => {
        sub.select(1).from({ s: "requirement_tasks" }).whereRaw("s.job_id = jobs.id").where("s.type", "story");
      })
      .update({ breakdown_source: source, updated_at: now });
    return affectedRows(result) === 1;
  },

  /** Soft delete (spec: status inactive). @returns whether a live job was deleted */
  /** Undoes the soft delete: a deleted job is open again (only an open job can have been deleted). */
  async markRestored(db: Knex, id: number, now: Date): Promise<boolean> {
    const result = await db("jobs").where({ id, status: "inactive" }).update({ status: "open", updated_at: now });
    liveJobsChanged(db);
    return affectedRows(result) === 1;
  },

  async markInactive(db: Knex, id: number, now: Date): Promise<boolean> {
    const result = await db("jobs").where({ id }).whereNot("status", "inactive").update({ status: "inactive", updated_at: now });
    liveJobsChanged(db);
    return affectedRows(result) === 1;
  },

  /** How many live jobs meet the criteria (the dashboard's counters, one per view). */
  async countLive(db: Knex, criteria: JobCriteria): Promise<number> {
    const [row] = (await db({ j: "jobs" })
      .whereNot("j.status", "inactive")
      .modify((builder) => applyCriteria(builder, criteria))
      .count({ total: "*" })) as Array<{ total: number | string }>;
    return toCount(row?.total);
  },

  /**
   * One page of live jobs, newest first unless a sort is given (ties broken by id in the same direction), optionally
   * narrowed by criteria and ids and searched in title and description.
   * @returns the page's jobs, the list's total, and `next`, the position after the page's last row when more follow
   */
  async listLive(db: Knex, query: JobListQuery): Promise<{ rows: JobRecord[]; total: number; next: JobListPosition | null }> {
    if (query.after && (query.sort ?? "createdAt") !== "createdAt") throw new Error("keyset pagination follows the default order only");
    const filtered = db({ j: "jobs" })
      // A literal, not a parameter: a prepared statement's generic plan can then still prove the partial index on
      // live jobs applies, which `status <> $1` would not.
      .whereRaw(query.deleted ? "j.status = 'inactive'" : "j.status <> 'inactive'")
      .modify((builder) => {
        if (query.criteria) applyCriteria(builder, query.criteria);
        if (query.ids) builder.whereIn("j.id", [...query.ids]);
        if (query.q) {
          const like = likePattern(query.q);
          builder.where((w) => {
            w.whereILike("j.title", like).orWhereILike("j.description", like);
            if (query.searchOwnerName) {
              w.orWhereExists((sub) => {
                sub.select(1).from({ o: "users" }).whereRaw("o.id = j.owner_id").whereRaw("(o.first_name || ' ' || o.last_name) ilike ?", [like]);
              });
            }
          });
        }
      });
    const column = jobSortColumns[query.sort ?? "createdAt"];
    const order = query.order ?? "desc";
    const sorted = (builder: Knex.QueryBuilder) => {
      builder.orderBy(column, order);
      if (column !== "j.id") builder.orderBy("j.id", order);
    };
    const after = query.after;
    // One statement for the page: the ids of the page in a subquery (so the per-row subqueries of selectJobs run on
    // the page's rows only), the rows and their owners around it. One row more than the page says whether another
    // follows, so the last page is known without counting.
    const pageIds = filtered
      .clone()
      .select("j.id")
      .modify((builder) => {
        // The row comparison is what the (created_at desc, id desc) indexes serve: a scan that starts at the cursor.
        if (after) builder.whereRaw("(j.created_at, j.id) < (?::timestamptz, ?)", [after.key, after.id]);
        else builder.offset(query.offset);
      })
      .modify(sorted)
      // A literal (an integer the schemas bound), so that the prepared statement's generic plan knows how few rows
      // it reads, and is chosen: a parameter would leave PostgreSQL planning every run again.
      .limit(query.limit + 1, { skipBinding: true });
    const found = (await selectJobs(db)
      .select(db.raw(`to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position_key`))
      .whereIn("j.id", pageIds)
      .modify(sorted)
      // The listings' pages have a few texts only (search or not, cursor or not, a My Jobs filter): prepared once per
      // connection (see prepareMarkedStatements); the back office's lists, with their many sorts and id lists, are not.
      .modify((builder) => {
        if (!query.ids && !query.searchOwnerName) builder.options({ prepare: true });
      })) as Array<JobRow & { position_key: string }>;
    const rows = found.slice(0, query.limit);
    const last = rows.at(-1);
    const hasMore = found.length > query.limit;
    return {
      rows: rows.map(toRecord),
      total: await totalOf(db, filtered, query, rows.length, hasMore),
      next: hasMore && last ? { key: last.position_key, id: last.id } : null,
    };
  },
};
