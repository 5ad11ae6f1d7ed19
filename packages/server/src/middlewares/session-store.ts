import { ConnectSessionKnexStore } from "connect-session-knex";
import type { SessionData } from "express-session";

/** Marks a promise whose failure its callback already reported as handled; callers that await it still see it. */
function reported<T>(promise: Promise<T>, callback: unknown): Promise<T> {
  if (typeof callback === "function") promise.catch(() => undefined);
  return promise;
}

/**
 * connect-session-knex with each failure reported once, through the callback express-session listens to.
 *
 * Its methods call back with the error and then also reject the promise they return, which express-session never
 * looks at: while the database was away every session read became an unhandled rejection besides the request's own
 * 503. And `touch` (run as each response ends) did not call back at all when it failed, so that response never
 * finished. Both are fixed here, so a lost database fails the request in the error shape and nothing else.
 */
export class KnexSessionStore extends ConnectSessionKnexStore {
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void) {
    return reported(super.get(sid, callback), callback);
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void) {
    return reported(super.set(sid, session, callback), callback);
  }

  override async touch(sid: string, session: SessionData, callback?: (err?: unknown) => void): Promise<void> {
    try {
      await super.touch(sid, session);
    } catch (error) {
      if (!callback) throw error;
      callback(error);
      return;
    }
    callback?.();
  }

  override destroy(sid: string, callback?: (err?: unknown) => void) {
    return reported(super.destroy(sid, callback), callback);
  }

  override length(callback: (err: unknown, length?: number) => void) {
    return reported(super.length(callback), callback);
  }

  override clear(callback?: (err?: unknown) => void) {
    return reported(super.clear(callback), callback);
  }

  override all(callback: (err: unknown, obj?: SessionData[] | { [sid: string]: SessionData } | null) => void) {
    return reported(super.all(callback), callback);
  }
}
