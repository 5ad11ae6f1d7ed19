import type { Response } from "express";
import { rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { ACCOUNT_LOGIN_FAILURE_LIMIT, ACCOUNT_LOGIN_WINDOW_MS, API_USER_RATE_WINDOW_MS, domainError } from "@forgehire/core";
import { type Services, countRateLimitHits, forgetEndedRateLimits, resetRateLimit, uncountRateLimitHit } from "@forgehire/services";
import { errorBody } from "./error-handler.js";

const WINDOW_MS = 15 * 60 * 1000;

/**
 * express-rate-limit's counters in the database, so that several server processes count one client's tries
 * together instead of each allowing its own share.
 */
export class DatabaseRateLimitStore implements Store {
  prefix: string;
  private windowMs = WINDOW_MS;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly services: Pick<Services, "db" | "now" | "logger">,
    prefix: string,
  ) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    // Ended windows are swept now and then; unref'd so the timer never keeps a process alive.
    this.sweeper = setInterval(() => {
      forgetEndedRateLimits(this.services.db, this.services.now()).catch((err: unknown) => {
        this.services.logger.warn({ err }, "rate limit sweep failed");
      });
    }, this.windowMs).unref();
  }

  async increment(key: string): Promise<IncrementResponse> {
    const count = await countRateLimitHits(this.services.db, this.prefix + key, this.services.now(), this.windowMs);
    return { totalHits: count.hits, resetTime: count.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await uncountRateLimitHit(this.services.db, this.prefix + key, this.services.now());
  }

  async resetKey(key: string): Promise<void> {
    await resetRateLimit(this.services.db, this.prefix + key);
  }

  shutdown(): void {
    clearInterval(this.sweeper);
  }
}

/**
 * Limits guessing on the account endpoints (login, signup, recover): `limit` tries per IP per 15 minutes,
 * counted in the database across every server process.
 * @param services database, clock and logger
 * @param limit tries allowed per window
 */
export function authRateLimit(services: Pick<Services, "db" | "now" | "logger">, limit: number) {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // A client's own X-Forwarded-For is ignored on purpose unless TRUST_PROXY names its peer: not worth a log line.
    validate: { xForwardedForHeader: false },
    store: new DatabaseRateLimitStore(services, "auth:"),
    handler: (_req, res) => {
      res.status(429).json(errorBody(domainError("RATE_LIMITED")));
    },
  });
}

/**
 * Limits password guessing against one account from any number of addresses: every login for an email counts
 * (in the database, so across processes) before its password is checked, a success takes its own try back, and
 * past ACCOUNT_LOGIN_FAILURE_LIMIT failures in the window every login for that email answers 429, the right
 * password too. Counting before checking keeps the limit exact when many guesses arrive at once. Unknown emails
 * are counted alike, so the answer says nothing about which accounts exist.
 * @param services database and clock
 */
export function accountLoginLimit(services: Pick<Services, "db" | "now">) {
  const key = (email: string) => `login-account:${email.trim().toLowerCase()}`;
  return {
    /**
     * Counts a login attempt for the email.
     * @param res gets Retry-After when the attempt is refused
     * @throws RATE_LIMITED when the account has no tries left in this window
     */
    async take(email: string, res: Response): Promise<void> {
      const now = services.now();
      const count = await countRateLimitHits(services.db, key(email), now, ACCOUNT_LOGIN_WINDOW_MS);
      if (count.hits <= ACCOUNT_LOGIN_FAILURE_LIMIT) return;
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil((count.resetAt.getTime() - now.getTime()) / 1000))));
      throw domainError("RATE_LIMITED");
    },
    /** Takes back the try of a login that succeeded: only failures use the account's budget up. */
    async succeeded(email: string): Promise<void> {
      await uncountRateLimitHit(services.db, key(email), services.now());
    },
  };
}

/**
 * Limits a costly call (a paid AI request) per signed-in user, counted in the database across every server
 * process: `limit` calls per `windowMs`, then 429 RATE_LIMITED with Retry-After. Mount it after requireUser; it
 * keys by user id, so one person on many addresses shares one budget and an office behind one address does not.
 * @param services database, clock and logger
 * @param options the counter's name, the calls allowed and the window
 */
export function userRateLimit(services: Pick<Services, "db" | "now" | "logger">, options: { name: string; limit: number; windowMs: number }) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // Keyed by user, so a client's X-Forwarded-For plays no part: not worth a log line.
    validate: { xForwardedForHeader: false },
    keyGenerator: (req) => `user:${req.user?.id ?? "none"}`,
    store: new DatabaseRateLimitStore(services, `${options.name}:`),
    handler: (_req, res) => {
      res.status(429).json(errorBody(domainError("RATE_LIMITED")));
    },
  });
}

interface LocalCount {
  /** this key's hits in its window: every process's as of the last sync, plus this one's since */
  hits: number;
  /** this process's hits not yet added to the database's counter */
  unsynced: number;
  /** when the window ends (ms since the epoch): the database's, once a sync has read it */
  resetAt: number;
  syncing: boolean;
  /** the database already holds a count past the limit: later hits are refused here without a statement */
  overInDatabase: boolean;
}

/** A counter's view of one key: its hits in the window, and when the window ends. */
export interface HitCount {
  hits: number;
  resetAt: Date;
}

/**
 * Hits per key in fixed windows, shared by every server process through the database's counters (rate_limit_hits)
 * without a statement per hit: each process counts in memory and adds what it counted to the key's row every tenth
 * of the limit, and once when the key first passes it, reading back what all processes counted. A request or a join
 * so costs no statement of its own, and a refused one never reaches the database. A process sees its own hits at
 * once and the others' as of its last sync, so a key goes past its limit by less than a tenth of it per process
 * before every process refuses it.
 */
export class SharedHitCounter {
  readonly #counts = new Map<string, LocalCount>();
  readonly #syncEvery: number;
  readonly #sweeper: NodeJS.Timeout;

  /**
   * @param services database, clock and logger
   * @param options the keys' prefix in the database, the window and the limit the hits are judged against
   */
  constructor(
    private readonly services: Pick<Services, "db" | "now" | "logger">,
    private readonly options: { prefix: string; windowMs: number; limit: number },
  ) {
    this.#syncEvery = Math.max(1, Math.floor(options.limit / 10));
    // Ended windows are dropped now and then, here and in the database; unref'd so it never keeps a process alive.
    this.#sweeper = setInterval(() => this.#sweep(), Math.max(options.windowMs, WINDOW_MS)).unref();
  }

  /**
   * Counts one hit of the key.
   * @returns its hits in the current window as this process knows them (this one included)
   */
  hit(key: string): HitCount {
    const now = this.services.now().getTime();
    let count = this.#counts.get(key);
    if (!count || count.resetAt <= now) {
      count = { hits: 0, unsynced: 0, resetAt: now + this.options.windowMs, syncing: false, overInDatabase: false };
      this.#counts.set(key, count);
    }
    count.hits += 1;
    count.unsynced += 1;
    this.#syncIfDue(key, count);
    return { hits: count.hits, resetAt: new Date(count.resetAt) };
  }

  /** Takes back one hit this process counted (express-rate-limit's skipSuccessfulRequests and the like). */
  takeBack(key: string): void {
    const count = this.#counts.get(key);
    if (!count || count.unsynced === 0) return;
    count.hits -= 1;
    count.unsynced -= 1;
  }

  /** Forgets the key, here and in the database. */
  async reset(key: string): Promise<void> {
    this.#counts.delete(key);
    await resetRateLimit(this.services.db, this.options.prefix + key);
  }

  /** Stops the sweeper. */
  close(): void {
    clearInterval(this.#sweeper);
  }

  #syncIfDue(key: string, count: LocalCount): void {
    if (count.syncing || count.overInDatabase || count.unsynced === 0) return;
    if (count.unsynced >= this.#syncEvery || count.hits > this.options.limit) this.#sync(key, count);
  }

  #sync(key: string, count: LocalCount): void {
    const tries = count.unsynced;
    count.unsynced = 0;
    count.syncing = true;
    countRateLimitHits(this.services.db, this.options.prefix + key, this.services.now(), this.options.windowMs, tries).then(
      (total) => {
        count.syncing = false;
        count.hits = total.hits + count.unsynced;
        count.resetAt = total.resetAt.getTime();
        count.overInDatabase = total.hits > this.options.limit;
        // What was counted meanwhile (a burst arrives within one sync) is due now, not at the key's next hit.
        if (this.#counts.get(key) === count) this.#syncIfDue(key, count);
      },
      (err: unknown) => {
        // Counted again at the next sync; meanwhile this process still judges by what it counted itself.
        count.syncing = false;
        count.unsynced += tries;
        this.services.logger.warn({ err }, "rate limit sync failed");
      },
    );
  }

  #sweep(): void {
    const now = this.services.now();
    for (const [key, count] of this.#counts) if (count.resetAt <= now.getTime() && !count.syncing) this.#counts.delete(key);
    forgetEndedRateLimits(this.services.db, now).catch((err: unknown) => {
      this.services.logger.warn({ err }, "rate limit sweep failed");
    });
  }
}

/** express-rate-limit's counters in a SharedHitCounter. */
class SharedCounterStore implements Store {
  constructor(private readonly counter: SharedHitCounter) {}

  increment(key: string): Promise<IncrementResponse> {
    const count = this.counter.hit(key);
    return Promise.resolve({ totalHits: count.hits, resetTime: count.resetAt });
  }

  decrement(key: string): Promise<void> {
    this.counter.takeBack(key);
    return Promise.resolve();
  }

  resetKey(key: string): Promise<void> {
    return this.counter.reset(key);
  }

  shutdown(): void {
    this.counter.close();
  }
}

/**
 * The API's general limit per signed-in user: `limit` requests per minute over all their sessions and every server
 * process, then 429 RATE_LIMITED with Retry-After, so that one session's flood waits alone instead of making every
 * other user wait behind it. Keyed by user id (one person on many addresses shares one budget; an office behind one
 * address does not); requests without a user are left to the account endpoints' own limits. Counted in memory and
 * shared through the database every tenth of the limit (SharedHitCounter): no statement per request.
 * @param services database, clock and logger
 * @param limit requests allowed per minute (API_USER_RATE_LIMIT)
 */
export function apiUserRateLimit(services: Pick<Services, "db" | "now" | "logger">, limit: number) {
  return rateLimit({
    windowMs: API_USER_RATE_WINDOW_MS,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // Keyed by user, so a client's X-Forwarded-For plays no part: not worth a log line.
    validate: { xForwardedForHeader: false },
    skip: (req) => !req.user,
    keyGenerator: (req) => req.user?.id ?? "none",
    store: new SharedCounterStore(new SharedHitCounter(services, { prefix: "api-user:", windowMs: API_USER_RATE_WINDOW_MS, limit })),
    handler: (_req, res) => {
      res.status(429).json(errorBody(domainError("RATE_LIMITED")));
    },
  });
}
