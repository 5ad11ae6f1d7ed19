import type { Knex } from "knex";
import type { ChangeRequestStatus, Priority, TaskStatus } from "@forgehire/core";
import type { EmailStatus } from "./emails.js";
import { ROOM_MEMBER_SQL, UNREAD_MESSAGES_SQL } from "./chat-room-reads.js";
import { likePattern, toCount, toDate, toDateOrNull } from "./rows.js";

/**
 * The back office's lists that no portal screen has: every story, task, change request, chat room, message and
 * e-mail across jobs, each searched, filtered, sorted on a whitelisted column and paged. Every list is served by
 * an index in its default order (see the migrations of 20261123140000 onwards) and counts the whole match.
 */

/** A page request: the column is one of the resource's sortable fields, already checked by the caller. */
export interface AdminPageQuery<F extends string> {
  sort: F;
  order: "asc" | "desc";
  offset: number;
  limit: number;
}

/** One page and the count of everything that matched. */
export interface AdminPage<T> {
  rows: T[];
  total: number;
}

/** Counts the filtered rows, then reads one page of them in a stable order (ties broken by the key). */
async function page<Row>(
  filtered: Knex.QueryBuilder,
  select: (builder: Knex.QueryBuilder) => Knex.QueryBuilder,
  order: { column: string | Knex.Raw; direction: "asc" | "desc"; key: string },
  range: { offset: number; limit: number },
): Promise<{ rows: Row[]; total: number }> {
  const [countRow] = (await filtered.clone().clearSelect().count({ total: "*" })) as Array<{ total: number | string }>;
  const sorted = select(filtered.clone());
  if (typeof order.column === "string") sorted.orderBy(order.column, order.direction);
  else sorted.orderByRaw(`${order.column.toQuery()} ${order.direction}`);
  if (order.column !== order.key) sorted.orderBy(order.key, order.direction);
  const rows = (await sorted.offset(range.offset).limit(range.limit)) as Row[];
  return { rows, total: toCount(countRow?.total) };
}

// ---------------------------------------------------------------------------------------------- stories, tasks

/** A story as the back office lists it: with its job's title, task count and summed estimate. */
export interface AdminStoryRecord {
  id: string;
  jobId: number;
  jobTitle: string;
  title: string;
  description: string;
  priority: Priority;
  locked: boolean;
  taskCount: number;
  estimateHours: number;
  createdAt: Date;
}

/** A task as the back office lists it: with its story's and job's titles. */
export interface AdminTaskRecord {
  id: string;
  jobId: number;
  jobTitle: string;
  storyId: string;
  storyTitle: string;
  title: string;
  description: string;
  priority: Priority;
  status: TaskStatus;
  locked: boolean;
  comment: string | null;
  estimateHours: number | null;
  messageCount: number;
  createdAt: Date;
}

interface BacklogRow {
  id: string;
  job_id: number;
  job_title: string;
  story_id: string | null;
  story_title?: string;
  title: string;
  description: string;
  priority: Priority;
  status: TaskStatus;
  locked: boolean;
  comment: string | null;
  estimate_hours: number | string | null;
  task_count?: number | string;
  task_hours?: number | string | null;
  message_count?: number | string;
  created_at: Date | string;
}

/** Sortable story fields and their columns. */
export const adminStorySortColumns = { id: "s.id", title: "s.title", priority: "s.priority", jobId: "s.job_id", createdAt: "s.created_at" } as const;
/** A field the story list may be sorted on. */
export type AdminStorySortField = keyof typeof adminStorySortColumns;

/** Sortable task fields and their columns. */
export const adminTaskSortColumns = {
  id: "s.id",
  title: "s.title",
  priority: "s.priority",
  status: "s.status",
  jobId: "s.job_id",
  createdAt: "s.created_at",
} as const;
/** A field the task list may be sorted on. */
export type AdminTaskSortField = keyof typeof adminTaskSortColumns;

/** What the story and task lists can be narrowed by. */
export interface BacklogFilter {
  q?: string | undefined;
  ids?: string[] | undefined;
  jobId?: number | undefined;
  storyId?: string | undefined;
  status?: TaskStatus | undefined;
  priority?: Priority | undefined;
}

function backlog(db: Knex, type: "story" | "task", filter: BacklogFilter) {
  // Deleted jobs are out of the back office's job list, so their backlog is out of these lists too.
  return db({ s: "requirement_tasks" })
    .join({ j: "jobs" }, "j.id", "s.job_id")
    .where("s.type", type)
    .whereNot("j.status", "inactive")
    .modify((builder) => {
      if (filter.ids) builder.whereIn("s.id", filter.ids);
      if (filter.jobId !== undefined) builder.where("s.job_id", filter.jobId);
      if (filter.storyId !== undefined) builder.where("s.story_id", filter.storyId);
      if (filter.status !== undefined) builder.where("s.status", filter.status);
      if (filter.priority !== undefined) builder.where("s.priority", filter.priority);
      if (filter.q) {
        const like = likePattern(filter.q);
        builder.where((w) => {
          w.whereILike("s.title", like).orWhereILike("s.description", like);
        });
      }
    });
}

const toStory = (row: BacklogRow): AdminStoryRecord => ({
  id: row.id,
  jobId: row.job_id,
  jobTitle: row.job_title,
  title: row.title,
  description: row.description,
  priority: row.priority,
  locked: row.locked,
  taskCount: toCount(row.task_count),
  estimateHours: Number(row.task_hours ?? 0),
  createdAt: toDate(row.created_at),
});

const toTask = (row: BacklogRow): AdminTaskRecord => ({
  id: row.id,
  jobId: row.job_id,
  jobTitle: row.job_title,
  storyId: row.story_id!,
  storyTitle: row.story_title ?? "",
  title: row.title,
  description: row.description,
  priority: row.priority,
  status: row.status,
  locked: row.locked,
  comment: row.comment,
  estimateHours: row.estimate_hours === null ? null : Number(row.estimate_hours),
  messageCount: toCount(row.message_count),
  createdAt: toDate(row.created_at),
});

// ---------------------------------------------------------------------------------------------- change requests

/** A change request with its job's title and the name of who asked. */
export interface AdminChangeRequestRecord {
  id: string;
  jobId: number;
  jobTitle: string;
  description: string;
  status: ChangeRequestStatus;
  storyId: string | null;
  /** the quote of a request on a paid job; null for one in the job's own scope */
  quote: { priceCents: number; estimateHours: number } | null;
  requestedBy: string | null;
  requestedByName: string;
  createdAt: Date;
}

/** Sortable change-request fields. */
export const adminChangeRequestSortColumns = { id: "c.id", status: "c.status", jobId: "c.job_id", createdAt: "c.created_at" } as const;
/** A field the change-request list may be sorted on. */
export type AdminChangeRequestSortField = keyof typeof adminChangeRequestSortColumns;

interface ChangeRequestRow {
  id: string;
  job_id: number;
  job_title: string;
  description: string;
  /** the table's check holds it to these */
  status: ChangeRequestStatus;
  story_id: string | null;
  price_cents: number | string | null;
  estimate_hours: number | string | null;
  requested_by: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date | string;
}

// ---------------------------------------------------------------------------------------------- chat

/** A chat room with both parties' names, its job and its last message. */
export interface AdminChatRoomRecord {
  roomId: string;
  jobId: number | null;
  jobTitle: string | null;
  clientId: string;
  clientName: string;
  freelancerId: string;
  freelancerUserId: string | null;
  freelancerName: string;
  lastMessage: { content: string; createdAt: Date } | null;
  lastMessageAt: Date | null;
  messageCount: number;
  /** messages someone else wrote after the viewer's last read (all of them before the viewer first opens the room) */
  unreadCount: number;
  /** whether the viewer is one of the room's members (a party, or an admin who joined it) and so may post */
  member: boolean;
  createdAt: Date;
}

/** Sortable chat-room fields; lastMessageAt sorts by activity (a room without messages by its creation), jobTitle groups by project. */
export const adminChatRoomSortFields = ["lastMessageAt", "createdAt", "id", "jobTitle"] as const;
/** A field the chat-room list may be sorted on. */
export type AdminChatRoomSortField = (typeof adminChatRoomSortFields)[number];

interface ChatRoomRow {
  room_id: string;
  job_id: number | null;
  job_title: string | null;
  client_id: string;
  client_first_name: string;
  client_last_name: string;
  freelancer_id: string;
  freelancer_user_id: string | null;
  freelancer_name: string | null;
  last_content: string | null;
  last_created_at: Date | string | null;
  last_message_at: Date | string | null;
  message_count: number | string;
  unread_count: number | string;
  is_member: boolean;
  created_at: Date | string;
}

/** A chat message with its sender's name. */
export interface AdminMessageRecord {
  id: string;
  roomId: string;
  jobId: number | null;
  senderId: string | null;
  senderName: string;
  receiverId: string | null;
  content: string;
  createdAt: Date;
}

/** Sortable message fields: ids grow with insertion, so createdAt sorts on the id too. */
export const adminMessageSortColumns = { id: "m.id", createdAt: "m.id" } as const;
/** A field the message list may be sorted on. */
export type AdminMessageSortField = keyof typeof adminMessageSortColumns;

interface MessageRow {
  id: string | number;
  room_id: string;
  job_id: number | null;
  sender_id: string | null;
  first_name: string | null;
  last_name: string | null;
  receiver_id: string | null;
  content: string;
  created_at: Date | string;
}

// ---------------------------------------------------------------------------------------------- e-mails

/** One e-mail of the outbox, with its delivery status. */
export interface AdminEmailRecord {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: EmailStatus;
  error: string | null;
  /** Delivery attempts so far: a queued message with attempts and an error is being retried. */
  attempts: number;
  jobId: number | null;
  senderId: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

/** Sortable e-mail fields. */
export const adminEmailSortColumns = {
  id: "e.id",
  createdAt: "e.created_at",
  sentAt: "e.sent_at",
  status: "e.status",
  to: "e.to_address",
  subject: "e.subject",
  kind: "e.kind",
  attempts: "e.attempts",
} as const;
/** A field the e-mail list may be sorted on. */
export type AdminEmailSortField = keyof typeof adminEmailSortColumns;

interface EmailRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  kind: string;
  status: EmailStatus;
  error: string | null;
  attempts: number;
  job_id: number | null;
  sender_id: string | null;
  sent_at: Date | string | null;
  created_at: Date | string;
}

const toEmail = (row: EmailRow): AdminEmailRecord => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  text: row.body_text,
  kind: row.kind,
  status: row.status,
  error: row.error,
  attempts: row.attempts,
  jobId: row.job_id,
  senderId: row.sender_id,
  sentAt: toDateOrNull(row.sent_at),
  createdAt: toDate(row.created_at),
});

const nameOf = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

/** The back office's cross-job lists; the only place their queries live. */
export const adminListsRepository = {
  async listStories(db: Knex, filter: BacklogFilter, query: AdminPageQuery<AdminStorySortField>): Promise<AdminPage<AdminStoryRecord>> {
    const { rows, total } = await page<BacklogRow>(
      backlog(db, "story", filter),
      (builder) =>
        builder.select(
          "s.*",
          "j.title as job_title",
          // Per story: an index range on (story_id, created_at).
          db.raw("(select count(*) from requirement_tasks t where t.story_id = s.id) as task_count"),
          db.raw("(select coalesce(sum(t.estimate_hours), 0) from requirement_tasks t where t.story_id = s.id) as task_hours"),
        ),
      { column: adminStorySortColumns[query.sort], direction: query.order, key: "s.id" },
      query,
    );
    return { rows: rows.map(toStory), total };
  },

  async listTasks(db: Knex, filter: BacklogFilter, query: AdminPageQuery<AdminTaskSortField>): Promise<AdminPage<AdminTaskRecord>> {
    const { rows, total } = await page<BacklogRow>(
      backlog(db, "task", filter),
      (builder) =>
        builder
          .join({ p: "requirement_tasks" }, "p.id", "s.story_id")
          .select(
            "s.*",
            "j.title as job_title",
            "p.title as story_title",
            db.raw("(select count(*) from task_communications c where c.task_id = s.id) as message_count"),
          ),
      { column: adminTaskSortColumns[query.sort], direction: query.order, key: "s.id" },
      query,
    );
    return { rows: rows.map(toTask), total };
  },

  async listChangeRequests(
    db: Knex,
    filter: { q?: string | undefined; ids?: string[] | undefined; jobId?: number | undefined; status?: string | undefined },
    query: AdminPageQuery<AdminChangeRequestSortField>,
  ): Promise<AdminPage<AdminChangeRequestRecord>> {
    const filtered = db({ c: "job_change_requests" })
      .join({ j: "jobs" }, "j.id", "c.job_id")
      .whereNot("j.status", "inactive")
      .modify((builder) => {
        if (filter.ids) builder.whereIn("c.id", filter.ids);
        if (filter.jobId !== undefined) builder.where("c.job_id", filter.jobId);
        if (filter.status !== undefined) builder.where("c.status", filter.status);
        if (filter.q) builder.whereILike("c.description", likePattern(filter.q));
      });
    const { rows, total } = await page<ChangeRequestRow>(
      filtered,
      (builder) => builder.leftJoin({ u: "users" }, "u.id", "c.requested_by").select("c.*", "j.title as job_title", "u.first_name", "u.last_name"),
      { column: adminChangeRequestSortColumns[query.sort], direction: query.order, key: "c.id" },
      query,
    );
    return {
      rows: rows.map((row) => ({
        id: row.id,
        jobId: row.job_id,
        jobTitle: row.job_title,
        description: row.description,
        status: row.status,
        storyId: row.story_id,
        quote: row.price_cents === null ? null : { priceCents: Number(row.price_cents), estimateHours: Number(row.estimate_hours ?? 0) },
        requestedBy: row.requested_by,
        requestedByName: nameOf(row.first_name, row.last_name),
        createdAt: toDate(row.created_at),
      })),
      total,
    };
  },

  async listChatRooms(
    db: Knex,
    filter: { q?: string | undefined; ids?: string[] | undefined; jobId?: number | undefined; clientId?: string | undefined; viewerId?: string | undefined },
    query: AdminPageQuery<AdminChatRoomSortField>,
  ): Promise<AdminPage<AdminChatRoomRecord>> {
    // No viewer (a script): nobody's unread count, nobody a member.
    const viewer = filter.viewerId ?? "00000000-0000-0000-0000-000000000000";
    const filtered = db({ r: "chat_rooms" })
      .join({ c: "users" }, "c.id", "r.client_id")
      .leftJoin({ j: "jobs" }, "j.id", "r.job_id")
      // freelancer_id is text: a profile id, or 'admin_{userId}' for an admin's room with a poster.
      .joinRaw("left join freelancers f on f.id::text = r.freelancer_id")
      .leftJoin({ fu: "users" }, "fu.id", "r.freelancer_user_id")
      // The last message of each room, read backwards on (room_id, id); searched as the list shows it.
      .joinRaw("left join lateral (select m.content, m.created_at from messages m where m.room_id = r.room_id order by m.id desc limit 1) lm on true")
      .modify((builder) => {
        if (filter.ids) builder.whereIn("r.room_id", filter.ids);
        if (filter.jobId !== undefined) builder.where("r.job_id", filter.jobId);
        if (filter.clientId !== undefined) builder.where("r.client_id", filter.clientId);
        if (filter.q) {
          const like = likePattern(filter.q);
          builder.where((w) => {
            w.whereRaw("(c.first_name || ' ' || c.last_name) ilike ?", [like])
              .orWhereRaw("coalesce(f.name, fu.first_name || ' ' || fu.last_name) ilike ?", [like])
              .orWhereILike("j.title", like)
              .orWhereILike("lm.content", like);
          });
        }
      });
    const column =
      query.sort === "id"
        ? "r.room_id"
        : query.sort === "createdAt"
          ? "r.created_at"
          : query.sort === "jobTitle"
            ? db.raw("coalesce(j.title, '')")
            : db.raw("coalesce(r.last_message_at, r.created_at)");
    const { rows, total } = await page<ChatRoomRow>(
      filtered,
      (builder) =>
        builder
          // The viewer's unread messages walk the (room_id, id) index from their read mark.
          .joinRaw(`left join lateral (select count(*)::int as n ${UNREAD_MESSAGES_SQL}) unread on true`, [viewer, viewer])
          .select(
            "unread.n as unread_count",
            db.raw(`${ROOM_MEMBER_SQL} as is_member`, [viewer, viewer, viewer]),
            "r.*",
            "j.title as job_title",
            "c.first_name as client_first_name",
            "c.last_name as client_last_name",
            db.raw("coalesce(f.name, fu.first_name || ' ' || fu.last_name) as freelancer_name"),
            "lm.content as last_content",
            "lm.created_at as last_created_at",
            db.raw("(select count(*) from messages m where m.room_id = r.room_id) as message_count"),
          ),
      { column, direction: query.order, key: "r.room_id" },
      query,
    );
    return {
      rows: rows.map((row) => ({
        roomId: row.room_id,
        jobId: row.job_id,
        jobTitle: row.job_title,
        clientId: row.client_id,
        clientName: nameOf(row.client_first_name, row.client_last_name),
        freelancerId: row.freelancer_id,
        freelancerUserId: row.freelancer_user_id,
        freelancerName: row.freelancer_name?.trim() ?? "",
        lastMessage: row.last_content === null || row.last_created_at === null ? null : { content: row.last_content, createdAt: toDate(row.last_created_at) },
        lastMessageAt: toDateOrNull(row.last_message_at),
        messageCount: toCount(row.message_count),
        unreadCount: toCount(row.unread_count),
        member: row.is_member === true,
        createdAt: toDate(row.created_at),
      })),
      total,
    };
  },

  async listMessages(
    db: Knex,
    filter: { q?: string | undefined; ids?: string[] | undefined; roomId?: string | undefined; jobId?: number | undefined },
    query: AdminPageQuery<AdminMessageSortField>,
  ): Promise<AdminPage<AdminMessageRecord>> {
    const filtered = db({ m: "messages" }).modify((builder) => {
      if (filter.ids) builder.whereIn("m.id", filter.ids);
      if (filter.roomId !== undefined) builder.where("m.room_id", filter.roomId);
      if (filter.jobId !== undefined) builder.where("m.job_id", filter.jobId);
      if (filter.q) builder.whereILike("m.content", likePattern(filter.q));
    });
    const { rows, total } = await page<MessageRow>(
      filtered,
      (builder) => builder.leftJoin({ u: "users" }, "u.id", "m.sender_id").select("m.*", "u.first_name", "u.last_name"),
      { column: adminMessageSortColumns[query.sort], direction: query.order, key: "m.id" },
      query,
    );
    return {
      rows: rows.map((row) => ({
        id: String(row.id),
        roomId: row.room_id,
        jobId: row.job_id,
        senderId: row.sender_id,
        // A sender whose account is gone shows as the spec's 'Unknown User'.
        senderName: nameOf(row.first_name, row.last_name) || "Unknown User",
        receiverId: row.receiver_id,
        content: row.content,
        createdAt: toDate(row.created_at),
      })),
      total,
    };
  },

  async listEmails(
    db: Knex,
    filter: {
      q?: string | undefined;
      ids?: string[] | undefined;
      status?: EmailStatus | undefined;
      kind?: string | undefined;
      jobId?: number | undefined;
    },
    query: AdminPageQuery<AdminEmailSortField>,
  ): Promise<AdminPage<AdminEmailRecord>> {
    const filtered = db({ e: "emails" }).modify((builder) => {
      if (filter.ids) builder.whereIn("e.id", filter.ids);
      if (filter.status !== undefined) builder.where("e.status", filter.status);
      if (filter.kind !== undefined) builder.where("e.kind", filter.kind);
      if (filter.jobId !== undefined) builder.where("e.job_id", filter.jobId);
      if (filter.q) {
        const like = likePattern(filter.q);
        builder.where((w) => {
          w.whereILike("e.to_address", like).orWhereILike("e.subject", like);
        });
      }
    });
    const { rows, total } = await page<EmailRow>(
      filtered,
      (builder) => builder.select("e.*"),
      { column: adminEmailSortColumns[query.sort], direction: query.order, key: "e.id" },
      query,
    );
    return { rows: rows.map(toEmail), total };
  },

  async findEmail(db: Knex, id: string): Promise<AdminEmailRecord | undefined> {
    const row = (await db({ e: "emails" }).where("e.id", id).first("e.*")) as EmailRow | undefined;
    return row && toEmail(row);
  },
};
