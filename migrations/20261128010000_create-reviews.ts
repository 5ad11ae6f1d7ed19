import type { Knex } from "knex";

// Reviews (issue 19): on a completed job the client reviews the assigned freelancer (role 'client') and the freelancer
// reviews the client (role 'freelancer'), once each. published_at is when the review becomes public: the job's
// completion + 14 days when it is the first of the two, moved to the second one's posting time for both when the
// other arrives; "published" is published_at <= now, read at query time, so no job publishes anything and the
// profile's list and the rating aggregate are range scans of one partial index. Nothing deletes a review (no delete
// path, and the job's foreign key refuses a hard delete of a reviewed job); an admin hides one with a reason.
const reviewActions = ["review_posted", "review_edited", "review_replied", "review_hidden"];

// The job activity's allowed actions are read from the constraint as it stands (other migrations add theirs).
async function activityActions(knex: Knex): Promise<string[]> {
  const result = (await knex.raw(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'job_activity_action_check'`)) as {
    rows: Array<{ def: string }>;
  };
  return [...(result.rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

async function setActivityActions(knex: Knex, actions: string[]): Promise<void> {
  await knex.raw(`alter table job_activity drop constraint job_activity_action_check`);
  // Literals, not bindings: DDL takes no parameters (the names match [a-z_]+).
  const list = actions.map((action) => `'${action}'`).join(", ");
  await knex.raw(`alter table job_activity add constraint job_activity_action_check check (action in (${list}))`);
}

export async function up(knex: Knex): Promise<void> {
  const actions = await activityActions(knex);
  await setActivityActions(knex, [...actions.filter((action) => !reviewActions.includes(action)), ...reviewActions]);
  await knex.schema.createTable("reviews", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("NO ACTION");
    table.uuid("author_id").notNullable().references("id").inTable("users").onDelete("NO ACTION");
    table.uuid("subject_id").notNullable().references("id").inTable("users").onDelete("NO ACTION");
    table.text("role").notNullable().checkIn(["client", "freelancer"], "reviews_role_check");
    table.smallint("rating").notNullable();
    table.text("text").notNullable();
    table.text("reply").nullable();
    table.timestamp("reply_at", { useTz: true }).nullable();
    table.timestamp("hidden_at", { useTz: true }).nullable();
    table.uuid("hidden_by").nullable().references("id").inTable("users").onDelete("NO ACTION");
    table.text("hidden_reason").nullable();
    table.timestamp("published_at", { useTz: true }).notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("rating between 1 and 5", undefined, "reviews_rating_check");
    table.check("char_length(text) between 20 and 2000", undefined, "reviews_text_check");
    table.check("author_id <> subject_id", undefined, "reviews_not_self_check");
    table.check("(reply is null) = (reply_at is null)", undefined, "reviews_reply_check");
    table.check("(hidden_at is null) = (hidden_reason is null)", undefined, "reviews_hidden_check");
    table.unique(["job_id", "author_id"], { indexName: "reviews_job_id_author_id_unique" });
  });
  // A freelancer's profile: their published, visible reviews newest first (keyset on published_at, id), and the
  // rating aggregate (average and count) over the same range, read from the index alone (rating included).
  await knex.raw(
    `create index reviews_subject_published_index on reviews (subject_id, published_at desc, id desc) include (rating)
       where hidden_at is null and role = 'client'`,
  );
  // The back office's list, newest first, and its filters by author or subject.
  await knex.raw(`create index reviews_created_at_index on reviews (created_at desc, id desc)`);
  await knex.raw(`create index reviews_author_id_index on reviews (author_id)`);
  await knex.raw(`create index reviews_subject_id_index on reviews (subject_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("reviews");
  await knex("job_activity").whereIn("action", reviewActions).delete();
  await setActivityActions(
    knex,
    (await activityActions(knex)).filter((action) => !reviewActions.includes(action)),
  );
}
