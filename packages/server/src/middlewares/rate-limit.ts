import { rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { domainError } from "@forgehire/core";
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
    store: new DatabaseRateLimitStore(services, "auth:"),
    handler: (_req, res) => {
      res.status(429).json(errorBody(domainError("RATE_LIMITED")));
    },
  });
}
