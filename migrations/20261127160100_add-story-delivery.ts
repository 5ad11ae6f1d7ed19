import type { Knex } from "knex";

// Delivery and held funds (issue 18): each story carries its delivery (packages/core/src/lifecycle/delivery.ts).
// The columns live on requirement_tasks, where the breakdown's stories are (type 'story'); a task's row keeps the
// defaults and no delivery of its own (the check says so).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.text("delivery_status").notNullable().defaultTo("building");
    table.timestamp("submitted_at", { useTz: true }).nullable();
    table.timestamp("review_due_at", { useTz: true }).nullable();
    table.timestamp("approved_at", { useTz: true }).nullable();
    table.text("approved_by").nullable();
    table.integer("revision_count").notNullable().defaultTo(0);
    table.text("delivery_note").nullable();
    table.jsonb("delivery_links").notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    table.check(
      "delivery_status in ('building', 'in_review', 'changes_requested', 'approved', 'disputed')",
      undefined,
      "requirement_tasks_delivery_status_check",
    );
    table.check("approved_by is null or approved_by in ('client', 'admin', 'system')", undefined, "requirement_tasks_approved_by_check");
    // An approved story says when and by whom; nothing else does.
    table.check("(delivery_status = 'approved') = (approved_at is not null and approved_by is not null)", undefined, "requirement_tasks_approval_check");
    table.check("revision_count >= 0", undefined, "requirement_tasks_revision_count_check");
    table.check("type = 'story' or (delivery_status = 'building' and revision_count = 0)", undefined, "requirement_tasks_delivery_story_check");
    table.check("jsonb_typeof(delivery_links) = 'array'", undefined, "requirement_tasks_delivery_links_check");
  });
  // The stories of jobs completed before deliveries existed were accepted as a whole when the job was completed: they
  // count as approved then, by the system (nobody approved them one by one). Every other story is being built.
  await knex.raw(
    `update requirement_tasks s
        set delivery_status = 'approved', approved_at = coalesce(j.completed_at, j.updated_at, now()), approved_by = 'system'
       from jobs j
      where j.id = s.job_id and s.type = 'story' and j.status = 'completed'`,
  );
  // The back office's deliveries read stories in review by their due time.
  await knex.raw(`create index requirement_tasks_review_due_at_index on requirement_tasks (review_due_at) where delivery_status = 'in_review'`);
  // Each delivery transition joins the job's activity (who, when, which story).
  await setActivityActions(knex, [...activityActions, ...deliveryActions]);
}

const activityActions = [
  "created",
  "updated",
  "deleted",
  "breakdown",
  "lock",
  "unlock",
  "start",
  "complete",
  "change_request",
  "payment_pending",
  "paid",
  "payment_failed",
];
const deliveryActions = ["story_submitted", "story_approved", "story_changes_requested"];

async function setActivityActions(knex: Knex, actions: string[]): Promise<void> {
  await knex.raw(`alter table job_activity drop constraint job_activity_action_check`);
  // Literals, not bindings: DDL takes no parameters (the list is this file's own constants).
  const list = actions.map((action) => `'${action}'`).join(", ");
  await knex.raw(`alter table job_activity add constraint job_activity_action_check check (action in (${list}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex("job_activity").whereIn("action", deliveryActions).delete();
  await setActivityActions(knex, activityActions);
  await knex.raw(`drop index if exists requirement_tasks_review_due_at_index`);
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.dropChecks([
      "requirement_tasks_delivery_status_check",
      "requirement_tasks_approved_by_check",
      "requirement_tasks_approval_check",
      "requirement_tasks_revision_count_check",
      "requirement_tasks_delivery_story_check",
      "requirement_tasks_delivery_links_check",
    ]);
    for (const column of [
      "delivery_status",
      "submitted_at",
      "review_due_at",
      "approved_at",
      "approved_by",
      "revision_count",
      "delivery_note",
      "delivery_links",
    ]) {
      table.dropColumn(column);
    }
  });
}
