import type { Knex } from "knex";
import { sessionsRepository, type LiveSessionUser, type SessionWithUser } from "../../repositories/sessions.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

// What the server's session store, its passport deserializer and its socket server read of sessions and accounts:
// every request and handshake passes here, so each read is one statement, as the repositories write it.

/**
 * A stored session with its account as it is now (rights, disabled, epoch), for the session store's get.
 * @param db the store's connection
 */
export function readSessionWithUser(db: Knex, sid: string, now: Date): Promise<SessionWithUser | undefined> {
  return sessionsRepository.findWithUser(db, sid, now);
}

/** Of the given session ids, those still live, each with its user's current type and role (the socket sweep). */
export function readLiveSessions(db: Knex, sids: string[], now: Date): Promise<Map<string, LiveSessionUser>> {
  return sessionsRepository.findLive(db, sids, now);
}

/** A session's account by id, when the store did not load it with the session (passport's deserializer). */
export function readSessionAccount(db: Knex, userId: string): Promise<UserRecord | undefined> {
  return usersRepository.findById(db, userId);
}

/** The ids of the admins enabled at this moment: whom "every admin" reaches now. */
export function enabledAdminIds(db: Knex): Promise<string[]> {
  return usersRepository.enabledAdminIds(db);
}
