import type { Knex } from "knex";
import { sessionsRepository } from "../../repositories/sessions.js";
import { usersRepository } from "../../repositories/users.js";

/**
 * Takes an account's rights away from every session it has, inside the caller's transaction (disabling, a change
 * of type). Its session epoch moves on, so each session's own read refuses any session signed in before, even one a
 * login stores after this delete; the rows are deleted as well. The caller closes the account's sockets on every
 * server process once the transaction has committed (`realtime.disconnect(userChannel(userId))`).
 * @param trx the caller's transaction
 * @param userId the account
 */
export async function endAccountSessions(trx: Knex, userId: string): Promise<void> {
  await usersRepository.advanceSessionEpoch(trx, userId);
  await sessionsRepository.deleteForUser(trx, userId);
}
