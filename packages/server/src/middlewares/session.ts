import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import session from "express-session";
import passport from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import { sessionSignsIn } from "@forgehire/core";
import { authenticate, sessionEpochOf, type Services, readSessionAccount } from "@forgehire/services";
import { KnexSessionStore, sessionUserOf } from "./session-store.js";

export const SESSION_COOKIE = "forgehire.sid";

/** A passport of our own rather than the global singleton, so two apps in one process stay apart. */
export type PassportInstance = InstanceType<typeof passport.Passport>;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * express-session stored in the database (table `sessions`, made by our migrations) and passport-local on top.
 * @param services database and configuration
 * @param options cleanupIntervalMs 0 turns off the expired-session sweeper (tests: its timer keeps a process alive)
 * @returns the middlewares, in order, and the passport instance
 */
export function sessionMiddlewares(services: Services, options: { cleanupIntervalMs?: number } = {}) {
  const store = new KnexSessionStore({
    knex: services.db,
    tableName: "sessions",
    createTable: false,
    cleanupInterval: options.cleanupIntervalMs ?? 60 * 60 * 1000,
    onDbCleanupError: (err) => services.logger.warn({ err }, "session cleanup failed"),
  });
  // The store checks its table in the background and nothing awaits that until the first session is read: a
  // database gone at that moment must be logged, not crash the process as an unhandled rejection. Each later
  // session read awaits the same check and fails its own request in the error shape.
  store.ready.catch((err: unknown) => services.logger.error({ err }, "session store not ready"));

  const auth: PassportInstance = new passport.Passport();
  auth.use(
    new LocalStrategy({ usernameField: "email", passwordField: "password" }, (email, password, done) => {
      authenticate(services, { email: email.trim().toLowerCase(), password }).then(
        (user) => done(null, user),
        (error: unknown) => done(error),
      );
    }),
  );
  auth.serializeUser(
    (req: IncomingMessage & { session?: { passport?: { epoch?: number } } }, user: Express.User, done: (err: unknown, id?: string) => void) => {
      // The epoch the sign-in read with the account (passport keeps `user` beside it): a disabling or a change of type
      // committed after that read moves the account's epoch on, so this session never counts, however late it is stored.
      if (req.session) req.session.passport = { ...req.session.passport, epoch: user.sessionEpoch };
      done(null, user.id);
    },
  );
  auth.deserializeUser((req: IncomingMessage, id: string, done: (err: unknown, user?: Express.User | false) => void) => {
    // The store read the user with the session, in the same statement; a session read some other way (none today)
    // falls back to a query of its own. Either way the password hash is never loaded here.
    const sess = (req as IncomingMessage & { session?: Record<string, unknown> }).session;
    const loaded = sessionUserOf(req, id);
    if (loaded !== undefined) {
      // The store has already refused (and deleted) a session its account no longer lets in; checked again all the same.
      done(null, loaded && sessionSignsIn(loaded, sessionEpochOf(sess)) ? loaded : false);
      return;
    }
    readSessionAccount(services.db, id).then(
      // A deleted or disabled user's session, or one older than the account's rights, is not signed in: 401.
      (user) => done(null, user && sessionSignsIn(user, sessionEpochOf(sess)) ? user : false),
      (error: unknown) => done(error),
    );
  });

  const secure = services.config.publicUrl.startsWith("https://");
  const middlewares: RequestHandler[] = [
    session({
      name: SESSION_COOKIE,
      secret: services.config.sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: secure,
      cookie: { httpOnly: true, sameSite: "lax", secure, maxAge: WEEK_MS },
    }),
    auth.session(),
  ];
  return { middlewares, passport: auth, store };
}
