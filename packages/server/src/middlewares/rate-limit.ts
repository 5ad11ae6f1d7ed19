import type { Response } from "express";
import { rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { ACCOUNT_LOGIN_FAILURE_LIMIT, ACCOUNT_LOGIN_WINDOW_MS, domainError } from "@forgehire/core";
import { rateLimitHitsRepository, type Services } from "@forgehire/services";
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
      rateLimitHitsRepository.deleteExpired(this.services.db, this.services.now()).catch((err: unknown) => {
        this.services.logger.warn({ err }, "rate limit sweep failed");
      });
    }, this.windowMs).unref();
  }

  async increment(key: string): Promise<IncrementResponse> {
    const count = await rateLimitHitsRepository.increment(this.services.db, this.prefix + key, this.services.now(), this.windowMs);
    return { totalHits: count.hits, resetTime: count.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await rateLimitHitsRepository.decrement(this.services.db, this.prefix + key, this.services.now());
  }

  async resetKey(key: string): Promise<void> {
    await rateLimitHitsRepository.reset(this.services.db, this.prefix + key);
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
      const count = await rateLimitHitsRepository.increment(services.db, key(email), now, ACCOUNT_LOGIN_WINDOW_MS);
      if (count.hits <= ACCOUNT_LOGIN_FAILURE_LIMIT) return;
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil((count.resetAt.getTime() - now.getTime()) / 1000))));
      throw domainError("RATE_LIMITED");
    },
    /** Takes back the try of a login that succeeded: only failures use the account's budget up. */
    async succeeded(email: string): Promise<void> {
      await rateLimitHitsRepository.decrement(services.db, key(email), services.now());
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
