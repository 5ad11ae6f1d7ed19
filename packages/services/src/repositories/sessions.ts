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
};
