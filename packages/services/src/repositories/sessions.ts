import type { Knex } from "knex";

/** The express-session rows (connect-session-knex's table), reached here only to end a user's sessions. */
export const sessionsRepository = {
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
   * Which of these sessions still let someone in: present, unexpired, and signed in as a user who exists and is
   * not disabled. Sockets opened with any other session are closed by the server's sweep.
   * @param sids session ids of open sockets
   * @param now the clock's time
   * @returns the live ones
   */
  async findLive(db: Knex, sids: string[], now: Date): Promise<Set<string>> {
    if (sids.length === 0) return new Set();
    const rows = (await db({ s: "sessions" })
      .joinRaw("join users as u on u.id::text = s.sess->'passport'->>'user'")
      .whereIn("s.sid", sids)
      .where("s.expired", ">", now)
      .where("u.disabled", false)
      .select("s.sid")) as Array<{ sid: string }>;
    return new Set(rows.map((row) => row.sid));
  },
};
