import type { Knex } from "knex";
import type { EmailNotifications, RoleType, UserType } from "@forgehire/core";
import { likePattern } from "./rows.js";

/** A user as the services see it, with the freelancer profile it may have. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  roleType: RoleType;
  passwordHash: string;
  freelancerId: string | null;
  avatarUrl: string | null;
  /** A disabled account cannot sign in and has no sessions. */
  disabled: boolean;
  /** Moved on when the account's rights are taken away: a session signed in under another epoch signs nobody in. */
  sessionEpoch: number;
  /** Which notification e-mails the user receives. */
  emailNotifications: EmailNotifications;
  createdAt: Date;
  updatedAt: Date;
}

/** The user a session signs in: everything but the password hash, which only sign-in and password changes read. */
export type SessionUser = Omit<UserRecord, "passwordHash">;

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  role_type: RoleType;
  password_hash: string;
  freelancer_id: string | null;
  avatar_url: string | null;
  disabled: boolean;
  session_epoch: number;
  email_job_updates: boolean;
  email_task_messages: boolean;
  email_story_reviews: boolean;
  email_chat_messages: boolean;
  created_at: Date;
  updated_at: Date;
}

const columns = [
  "u.id",
  "u.email",
  "u.first_name",
  "u.last_name",
  "u.user_type",
  "u.role_type",
  "u.password_hash",
  "u.disabled",
  "u.session_epoch",
  "u.email_job_updates",
  "u.email_task_messages",
  "u.email_story_reviews",
  "u.email_chat_messages",
  "u.created_at",
  "u.updated_at",
  "f.id as freelancer_id",
  "f.avatar_url",
];

/** The columns of a session's user, for a query that joins users as `u` and freelancers as `f`. */
export const sessionUserColumns = columns.filter((column) => column !== "u.password_hash");

/** A row read with `sessionUserColumns` (the password hash left out) as the session's user. */
export function toSessionUser(row: Omit<UserRow, "password_hash">): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    roleType: row.role_type,
    freelancerId: row.freelancer_id,
    avatarUrl: row.avatar_url,
    disabled: Boolean(row.disabled),
    sessionEpoch: Number(row.session_epoch),
    emailNotifications: {
      jobUpdates: Boolean(row.email_job_updates),
      taskMessages: Boolean(row.email_task_messages),
      storyReviews: Boolean(row.email_story_reviews),
      chatMessages: Boolean(row.email_chat_messages),
    },
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toRecord(row: UserRow): UserRecord {
  return { ...toSessionUser(row), passwordHash: row.password_hash };
}

function selectUsers(db: Knex) {
  return db({ u: "users" }).leftJoin({ f: "freelancers" }, "f.user_id", "u.id").select(columns);
}

/** Sortable columns of the admin list, by their API names. */
export const userSortColumns = {
  id: "u.id",
  email: "u.email",
  firstName: "u.first_name",
  lastName: "u.last_name",
  userType: "u.user_type",
  roleType: "u.role_type",
  createdAt: "u.created_at",
} as const;
export type UserSortField = keyof typeof userSortColumns;

export interface UserListQuery {
  q?: string | undefined;
  ids?: string[] | undefined;
  userType?: UserType | undefined;
  /** only disabled (true) or only enabled (false) accounts */
  disabled?: boolean | undefined;
  sort: UserSortField;
  order: "asc" | "desc";
  offset: number;
  limit: number;
}

/** Users, read and written; the only place their table is touched. */
export const usersRepository = {
  async findById(db: Knex, id: string): Promise<UserRecord | undefined> {
    const row = (await selectUsers(db).where("u.id", id).first()) as UserRow | undefined;
    return row && toRecord(row);
  },

  async findByEmail(db: Knex, email: string): Promise<UserRecord | undefined> {
    const row = (await selectUsers(db).where("u.email", email.toLowerCase()).first()) as UserRow | undefined;
    return row && toRecord(row);
  },

  async insert(db: Knex, user: Pick<UserRecord, "email" | "firstName" | "lastName" | "userType" | "roleType" | "passwordHash">): Promise<UserRecord> {
    const [row] = (await db("users")
      .insert({
        email: user.email.toLowerCase(),
        first_name: user.firstName,
        last_name: user.lastName,
        user_type: user.userType,
        role_type: user.roleType,
        password_hash: user.passwordHash,
      })
      .returning("id")) as Array<{ id: string }>;
    const created = row && (await usersRepository.findById(db, row.id));
    if (!created) throw new Error("user insert returned no row");
    return created;
  },

  async updateNames(db: Knex, id: string, names: { firstName: string; lastName: string }, now: Date): Promise<void> {
    await db("users").where({ id }).update({ first_name: names.firstName, last_name: names.lastName, updated_at: now });
  },

  /** Turns notification e-mails on or off; switches left out keep their value. */
  async updateEmailNotifications(db: Knex, id: string, switches: Partial<EmailNotifications>, now: Date): Promise<void> {
    const changes: Record<string, boolean> = {};
    if (switches.jobUpdates !== undefined) changes.email_job_updates = switches.jobUpdates;
    if (switches.taskMessages !== undefined) changes.email_task_messages = switches.taskMessages;
    if (switches.storyReviews !== undefined) changes.email_story_reviews = switches.storyReviews;
    if (switches.chatMessages !== undefined) changes.email_chat_messages = switches.chatMessages;
    if (Object.keys(changes).length === 0) return;
    await db("users")
      .where({ id })
      .update({ ...changes, updated_at: now });
  },

  /** Changes an account's type (and the role type that goes with it), from the back office. */
  async updateType(db: Knex, id: string, type: { userType: UserType; roleType: RoleType }, now: Date): Promise<void> {
    await db("users").where({ id }).update({ user_type: type.userType, role_type: type.roleType, updated_at: now });
  },

  async updatePasswordHash(db: Knex, id: string, passwordHash: string, now: Date): Promise<void> {
    await db("users").where({ id }).update({ password_hash: passwordHash, updated_at: now });
  },

  async setDisabled(db: Knex, id: string, disabled: boolean, now: Date): Promise<void> {
    await db("users").where({ id }).update({ disabled, updated_at: now });
  },

  /**
   * Moves the account's session epoch on: every session signed in before stops signing anyone in, including one a
   * login stores after this (it carries the epoch its login read).
   */
  async advanceSessionEpoch(db: Knex, id: string): Promise<void> {
    await db("users")
      .where({ id })
      .update({ session_epoch: db.raw("session_epoch + 1") });
  },

  /**
   * The account's rights, read under a share lock until the transaction ends: a disabling or a change of type
   * waits for the transaction, or the transaction sees it (for work done on the account's behalf, such as a queued
   * breakdown storing its stories).
   * @param db a transaction
   */
  async lockRights(db: Knex, id: string): Promise<{ id: string; userType: UserType; roleType: RoleType; disabled: boolean } | undefined> {
    const row = (await db("users").where({ id }).forShare().first("id", "user_type", "role_type", "disabled")) as
      Pick<UserRow, "id" | "user_type" | "role_type" | "disabled"> | undefined;
    return row && { id: row.id, userType: row.user_type, roleType: row.role_type, disabled: Boolean(row.disabled) };
  },

  /**
   * Locks every enabled admin row until the transaction ends and counts them, so that two admins disabling each
   * other at once are decided one after the other and one admin always stays.
   * @param db a transaction
   */
  async lockEnabledAdmins(db: Knex): Promise<number> {
    const rows = (await db("users")
      .where({ disabled: false })
      .andWhere((w) => {
        w.where("user_type", "admin").orWhere("role_type", "admin");
      })
      .select("id")
      .forUpdate()) as Array<{ id: string }>;
    return rows.length;
  },

  /**
   * The ids of every enabled admin (core's isAdmin: an admin type or role), read when news for all admins goes out
   * so that it reaches the admins of that moment, not those of when a socket connected.
   */
  async enabledAdminIds(db: Knex): Promise<string[]> {
    return (await db("users")
      .where({ disabled: false })
      .andWhere((w) => {
        w.where("user_type", "admin").orWhere("role_type", "admin");
      })
      .pluck("id")) as string[];
  },

  async list(db: Knex, query: UserListQuery): Promise<{ rows: UserRecord[]; total: number }> {
    const filtered = db({ u: "users" }).modify((builder) => {
      if (query.q) {
        const like = likePattern(query.q);
        builder.where((w) => {
          w.whereILike("u.email", like).orWhereILike("u.first_name", like).orWhereILike("u.last_name", like);
        });
      }
      if (query.ids) builder.whereIn("u.id", query.ids);
      if (query.userType) builder.where("u.user_type", query.userType);
      if (query.disabled !== undefined) builder.where("u.disabled", query.disabled);
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const rows = (await filtered
      .clone()
      .leftJoin({ f: "freelancers" }, "f.user_id", "u.id")
      .select(columns)
      .orderBy(userSortColumns[query.sort], query.order)
      .orderBy("u.id", "asc")
      .offset(query.offset)
      .limit(query.limit)) as UserRow[];
    return { rows: rows.map(toRecord), total: Number(countRow?.total ?? 0) };
  },
};
