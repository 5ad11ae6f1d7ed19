import type { IncomingMessage } from "node:http";
import { ConnectSessionKnexStore } from "connect-session-knex";
import type { Session, SessionData } from "express-session";
import { sessionSignsIn } from "@forgehire/core";
import { sessionEpochOf, type SessionUser, readSessionWithUser } from "@forgehire/services";

/** What the session's one statement read besides the session: its row's expiry and its user. */
interface Loaded {
  expiresAt: Date;
  user: SessionUser | undefined;
}

/** The row's expiry is moved forward at most this often (a request a second would otherwise write a row a second). */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

// Carries what `get` read to `createSession`, which knows the request; a symbol, so it is never saved with the
// session (express-session serialises with JSON.stringify, which skips symbol keys) nor copied onto it.
const LOADED = Symbol("forgehire.session.loaded");
const loadedByRequest = new WeakMap<IncomingMessage, Loaded>();

/**
 * The user read along with this request's session, for passport's deserializer: `null` when the session named no
 * user that exists, `undefined` when the session was not read by this store on this request.
 */
export function sessionUserOf(req: IncomingMessage, id: string): SessionUser | null | undefined {
  const loaded = loadedByRequest.get(req);
  if (!loaded) return undefined;
  return loaded.user?.id === id ? loaded.user : null;
}

/** Marks a promise whose failure its callback already reported as handled; callers that await it still see it. */
function reported<T>(promise: Promise<T>, callback: unknown): Promise<T> {
  if (typeof callback === "function") promise.catch(() => undefined);
  return promise;
}

/**
 * connect-session-knex, with the session and its user read in one statement and the row's expiry moved at most once
 * a minute, and with each failure reported once, through the callback express-session listens to.
 *
 * Its methods call back with the error and then also reject the promise they return, which express-session never
 * looks at: while the database was away every session read became an unhandled rejection besides the request's own
 * 503. And `touch` (run as each response ends) did not call back at all when it failed, so that response never
 * finished. Both are fixed here, so a lost database fails the request in the error shape and nothing else.
 */
export class KnexSessionStore extends ConnectSessionKnexStore {
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void) {
    return reported(this.getWithUser(sid, callback), callback);
  }

  private async getWithUser(sid: string, callback: (err: unknown, session?: SessionData | null) => void): Promise<SessionData | null> {
    try {
      await this.ready;
      const found = await readSessionWithUser(this.options.knex, sid, new Date());
      if (found?.user && !sessionSignsIn(found.user, sessionEpochOf(found.sess))) {
        // Its account was disabled or lost rights since it signed in (the row may even have been stored after the
        // change deleted the others): the request goes on signed out, and the row goes, so nothing revives it.
        await super.destroy(sid);
        callback(null, null);
        return null;
      }
      const session = found ? (Object.assign(found.sess, { [LOADED]: { expiresAt: found.expiresAt, user: found.user } }) as unknown as SessionData) : null;
      callback(null, session);
      return session;
    } catch (error) {
      callback(error);
      throw error;
    }
  }

  override createSession(req: Parameters<ConnectSessionKnexStore["createSession"]>[0], session: SessionData): Session & SessionData {
    const loaded = (session as unknown as { [LOADED]?: Loaded })[LOADED];
    if (loaded) loadedByRequest.set(req, loaded);
    return super.createSession(req, session);
  }

  /**
   * A fresh session for the request (passport's login, against session fixation). The old one is deleted only when
   * this store read it: a session the request itself started is stored when first saved, which comes after this, so
   * deleting it was one statement on every login for nothing.
   */
  override regenerate(req: Parameters<ConnectSessionKnexStore["regenerate"]>[0], callback: (err?: unknown) => void): void {
    if (loadedByRequest.has(req)) return super.regenerate(req, callback);
    // express-session gives every store its `generate` when it mounts (the base class calls it the same way).
    (this as unknown as { generate(req: unknown): void }).generate(req);
    callback();
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void) {
    return reported(super.set(sid, session, callback), callback);
  }

  override async touch(sid: string, session: SessionData, callback?: (err?: unknown) => void): Promise<void> {
    try {
      // express-session hands the request's Session, which keeps its request (non-enumerable `req`).
      const req = (session as { req?: IncomingMessage }).req;
      const loaded = req && loadedByRequest.get(req);
      const expires = session.cookie.expires;
      const fresh = loaded && expires && expires.getTime() - loaded.expiresAt.getTime() < SESSION_TOUCH_INTERVAL_MS;
      if (!fresh) await super.touch(sid, session);
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
