import type { Knex } from "knex";
import { LRUCache } from "lru-cache";
import type { ServiceDeps } from "../../deps.js";
import { freelancersRepository, type FreelancerRecord } from "../../repositories/freelancers.js";
import { reviewsRepository } from "../../repositories/reviews.js";

/** The spec caches the directory for 5 minutes. */
export const DIRECTORY_CACHE_MS = 5 * 60 * 1000;

interface CachedPage {
  stamp: string;
  expiresAt: number;
  page: { rows: FreelancerRecord[]; total: number };
}

// One cache per database handle (per process). Every entry carries the directory's stamp (profile count and
// latest change), checked with one small query on each read: a change made through any server process — a
// new profile, an edit, an avatar — refreshes the directory at once, while the search itself is served from
// memory for up to 5 minutes. Any search text makes its own key, so the cache is bounded: the least recently used
// pages go first beyond DIRECTORY_CACHE_PAGES.
const caches = new WeakMap<Knex, LRUCache<string, CachedPage>>();

const lastStamps = new WeakMap<LRUCache<string, CachedPage>, string>();

/** Pages kept per process (each ~12 profiles, a few KiB). */
export const DIRECTORY_CACHE_PAGES = 500;

/**
 * One page of the freelancer directory, searched server-side in name, title, bio, skills and domains; each profile
 * carries its rating, and the page may be sorted by rating (best first, then most reviewed) or narrowed to a minimum
 * average. A review's publication comes with time, without any write: the stamp counts the published reviews now, so
 * a review published by its 14 days passing refreshes the cached pages too.
 * @param deps database, clock
 * @param query search text, sort, minimum rating and page
 * @returns the page and the total number of matches
 */
export async function searchFreelancers(
  deps: Pick<ServiceDeps, "db" | "now">,
  query: { q?: string | undefined; page: number; perPage: number; sort?: "created" | "rating" | undefined; minRating?: number | undefined },
): Promise<{ rows: FreelancerRecord[]; total: number }> {
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new LRUCache<string, CachedPage>({ max: DIRECTORY_CACHE_PAGES, ttl: DIRECTORY_CACHE_MS })));
  const key = JSON.stringify([query.q?.trim().toLowerCase() ?? "", query.page, query.perPage, query.sort ?? "created", query.minRating ?? null]);
  const clock = deps.now();
  const [profiles, ratings] = await Promise.all([freelancersRepository.directoryStamp(deps.db), reviewsRepository.ratingStamp(deps.db, clock)]);
  const stamp = `${profiles}|${ratings}`;
  const now = clock.getTime();
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp && hit.expiresAt > now) return hit.page;
  const page = await freelancersRepository.search(deps.db, {
    q: query.q?.trim() || undefined,
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
    now: clock,
    sort: query.sort === "rating" ? "rating" : undefined,
    minRating: query.minRating,
  });
  // Pages of an older stamp are never served again: drop them all at the first change seen rather than wait for the
  // LRU to push them out one by one.
  if (lastStamps.get(cache) !== stamp) {
    cache.clear();
    lastStamps.set(cache, stamp);
  }
  cache.set(key, { stamp, expiresAt: now + DIRECTORY_CACHE_MS, page });
  return page;
}
