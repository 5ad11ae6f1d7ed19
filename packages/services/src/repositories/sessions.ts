import type { Knex } from "knex";
import type { RoleType, UserType } from "@forgehire/core";
import { sessionUserColumns, toSessionUser, type SessionUser } from "./users.js";

/** A stored session with its signed-in user, read in one statement. */
export interface SessionWithUser {
  /** express-session's data */
  sess: Record<string, unknown>;
  /** when the row expires */
  expiresAt: Date;
  /** the user passport names in it, if any and still there (disabled ones included: the caller decides) */
  user: SessionUser | undefined;
}

/**
 * The account epoch a stored session signed in under (passport's part of it, `sess.passport.epoch`), 0 for a
 * session stored before epochs existed.
 * @param sess express-session's data
 * @returns the epoch
 */
export function sessionEpochOf(sess: Record<string, unknown> | undefined): number {
  const epoch = (sess?.passport as { epoch?: unknown } | undefined)?.epoch;
  return typeof epoch === "number" && Number.isInteger(epoch) ? epoch : 0;
}

// The same reading in SQL, for the queries that decide many sessions at once.
const sessionEpochSql = `case when s.sess->'passport'->>'epoch' ~ '^[0-9]{1,9}$' then (s.sess->'passport'->>'epoch')::int else 0 end`;

/** A live session's user as they are now: who, and with which rights. */
export interface LiveSessionUser {
  id: string;
  userType: UserType;
  roleType: RoleType;
}

/** The express-session rows (connect-session-knex's table), reached here only to end a user's sessions. */
export const sessionsRepository = {
  /**
   * One unexpired session and the user it signs in, in one statement (every API request runs it). The user id is
   * matched as a uuid so that the users' primary key is used; anything else in that field joins no user.
   */
  async findWithUser(db: Knex, sid: string, now: Date): Promise<SessionWithUser | undefined> {
    const row = (await db({ s: "sessions" })
      .joinRaw(
        `left join users as u on u.id = case when s.sess->'passport'->>'user' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (s.sess->'passport'->>'user')::uuid end`,
      )
      .leftJoin({ f: "freelancers" }, "f.user_id", "u.id")
      .where("s.sid", sid)
      .where("s.expired", ">", now)
      .first(["s.sess", "s.expired as session_expired", ...sessionUserColumns])
      // Every API request runs it: planned once per connection (see prepareMarkedStatements).
      .options({ prepare: true })) as
      ({ sess: Record<string, unknown> | string; session_expired: Date | string } & Parameters<typeof toSessionUser>[0]) | undefined;
    if (!row) return undefined;
    return {
      sess: typeof row.sess === "string" ? (JSON.parse(row.sess) as Record<string, unknown>) : row.sess,
      expiresAt: new Date(row.session_expired),
      user: row.id ? toSessionUser(row) : undefined,
    };
  },

  /**
   * Ends every session of a user but the one named, e.g. after a password reset.
   * @returns the ids of the sessions ended, so their sockets can be disconnected after the commit
   */
  async deleteForUser(db: Knex, userId: string, exceptSid?: string): Promise<string[]> {
    const rows = (await db("sessions")
      .whereRaw("sess->'passport'->>'user' = ?", [userId])
      .modify((builder) => {
        if (exceptSid) builder.whereNot("sid", exceptSid);
      })
      .delete()
      .returning("sid")) as Array<{ sid: string }>;
    return rows.map((row) => row.sid);
  },

  /**
   * Which of these sessions still let someone in: present, unexpired, and signed in as a user who exists, is not
   * disabled and whose account epoch has not moved since (core's `sessionSignsIn`), with that user's rights as they
   * are now. Sockets opened with any other session, or whose user's rights have changed since, are closed by the
   * server's sweep.
   * @param sids session ids of open sockets
   * @param now the clock's time
   * @returns the live ones, each with its user's current type and role
   */
  async findLive(db: Knex, sids: string[], now: Date): Promise<Map<string, LiveSessionUser>> {
    if (sids.length === 0) return new Map();
    const rows = (await db({ s: "sessions" })
      .joinRaw("join users as u on u.id::text = s.sess->'passport'->>'user'")
      .whereIn("s.sid", sids)
      .where("s.expired", ">", now)
      .where("u.disabled", false)
      .whereRaw(`u.session_epoch = ${sessionEpochSql}`)
      .select("s.sid", "u.id", "u.user_type", "u.role_type")) as Array<{ sid: string; id: string; user_type: UserType; role_type: RoleType }>;
    return new Map(rows.map((row) => [row.sid, { id: row.id, userType: row.user_type, roleType: row.role_type }]));
  },
};
