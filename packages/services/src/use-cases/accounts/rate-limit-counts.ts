import type { Knex } from "knex";
import { rateLimitHitsRepository, type RateLimitCount } from "../../repositories/rate-limit-hits.js";

// The counts behind the server's rate limits (logins, password resets, each user's requests), kept in the database
// so that every server process shares them.

/** Counts `tries` hits on a key in its window (a window that ended starts again), answering the count and its reset. */
export function countRateLimitHits(db: Knex, key: string, now: Date, windowMs: number, tries = 1): Promise<RateLimitCount> {
  return rateLimitHitsRepository.increment(db, key, now, windowMs, tries);
}

/** Takes one hit back in a window still running (a request that did not count after all, e.g. a good login). */
export function uncountRateLimitHit(db: Knex, key: string, now: Date): Promise<void> {
  return rateLimitHitsRepository.decrement(db, key, now);
}

/** Forgets a key's count. */
export function resetRateLimit(db: Knex, key: string): Promise<void> {
  return rateLimitHitsRepository.reset(db, key);
}

/** Deletes the counts whose windows have ended; answers how many. */
export function forgetEndedRateLimits(db: Knex, now: Date): Promise<number> {
  return rateLimitHitsRepository.deleteExpired(db, now);
}
