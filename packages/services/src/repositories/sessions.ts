import type { Knex } from "knex";
import { affectedRows } from "./rows.js";

/** The express-session rows (connect-session-knex's table), reached here only to end a user's sessions. */
export const sessionsRepository = {
  /**
   * Ends every session of a user but the one named, e.g. after a password reset.
   * @returns how many sessions were ended
   */
  async deleteForUser(db: Knex, userId: string, exceptSid?: string): Promise<number> {
    const result = await db("sessions")
      .whereRaw("sess->'passport'->>'user' = ?", [userId])
      .modify((builder) => {
        if (exceptSid) builder.whereNot("sid", exceptSid);
      })
      .delete();
    return affectedRows(result);
  },
};
