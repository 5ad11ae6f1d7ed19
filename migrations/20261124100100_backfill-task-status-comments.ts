import type { Knex } from "knex";

// Each task's one stored comment becomes the first row of its history. Who wrote it was never kept (author null);
// the task's last update is the best time known. Tasks that already have history are skipped, so running it
// again adds nothing. One statement, in the migration's transaction.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into task_status_comments (task_id, author_id, status, comment, created_at)
    select t.id, null, t.status, t.comment, t.updated_at
    from requirement_tasks t
    where t.type = 'task'
      and t.comment ~ '[^[:space:]]'
      and not exists (select 1 from task_status_comments c where c.task_id = t.id)
  `);
}

// Nothing to undo: requirement_tasks.comment was left as it was, and rows written since cannot be told apart from
// backfilled ones (both may lack an author), so they stay until the table itself is rolled back.
export function down(): Promise<void> {
  return Promise.resolve();
}
