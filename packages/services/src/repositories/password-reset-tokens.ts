import type { Knex } from "knex";

/** Reset tokens, stored as SHA-256 hashes so a leaked table cannot be used to reset anything. */
export const passwordResetTokensRepository = {
  async insert(db: Knex, token: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await db("password_reset_tokens").insert({
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
    });
  },

  /** The unused, unexpired token with this hash, locked for the rest of the transaction. */
  async findUsable(db: Knex, tokenHash: string, now: Date): Promise<{ id: string; userId: string } | undefined> {
    const row = (await db("password_reset_tokens")
      .where({ token_hash: tokenHash })
      .whereNull("used_at")
      .where("expires_at", ">", now)
      .forUpdate()
      .first("id", "user_id")) as { id: string; user_id: string } | undefined;
    return row && { id: row.id, userId: row.user_id };
  },

  /**
   * Spends every unused link of the user at once (a reset or a password change makes them pointless, and a mail
   * read by someone else must not reset the new password): they answer as used ones do.
   * @returns how many were spent
   */
  async spendAllForUser(db: Knex, userId: string, now: Date): Promise<number> {
    return db("password_reset_tokens").where({ user_id: userId }).whereNull("used_at").update({ used_at: now });
  },
};
