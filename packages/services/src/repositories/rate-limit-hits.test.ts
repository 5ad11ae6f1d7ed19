import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../index.js";
import { openTestDatabase } from "../testing/index.js";
import { rateLimitHitsRepository } from "./rate-limit-hits.js";

let database: Database;
const windowMs = 60_000;
const start = new Date("2026-11-22T10:00:00Z");
const later = (ms: number) => new Date(start.getTime() + ms);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("counts every concurrent try of a key once", async () => {
  const counts = await Promise.all(Array.from({ length: 10 }, () => rateLimitHitsRepository.increment(database.knex, "concurrent", start, windowMs)));
  expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(new Set(counts.map((count) => count.resetAt.getTime()))).toEqual(new Set([later(windowMs).getTime()]));
});

it("adds several tries in one go (a process that counted them itself), in the window already open", async () => {
  await rateLimitHitsRepository.increment(database.knex, "batched", start, windowMs);
  expect(await rateLimitHitsRepository.increment(database.knex, "batched", later(1000), windowMs, 7)).toEqual({ hits: 8, resetAt: later(windowMs) });
  expect(await rateLimitHitsRepository.increment(database.knex, "batched", later(windowMs), windowMs, 3)).toEqual({ hits: 3, resetAt: later(2 * windowMs) });
});

it("starts a new window at 1 once the old one has ended", async () => {
  await rateLimitHitsRepository.increment(database.knex, "windowed", start, windowMs);
  expect((await rateLimitHitsRepository.increment(database.knex, "windowed", later(1000), windowMs)).hits).toBe(2);
  const renewed = await rateLimitHitsRepository.increment(database.knex, "windowed", later(windowMs), windowMs);
  expect(renewed).toEqual({ hits: 1, resetAt: later(2 * windowMs) });
});

it("takes a try back, resets a key and sweeps only ended windows", async () => {
  await rateLimitHitsRepository.increment(database.knex, "kept", start, windowMs);
  await rateLimitHitsRepository.increment(database.knex, "kept", start, windowMs);
  await rateLimitHitsRepository.decrement(database.knex, "kept", start);
  expect((await rateLimitHitsRepository.increment(database.knex, "kept", start, windowMs)).hits).toBe(2);

  await rateLimitHitsRepository.increment(database.knex, "ended", start, 10);
  expect(await rateLimitHitsRepository.deleteExpired(database.knex, later(20))).toBeGreaterThanOrEqual(1);
  const keys = (await database.knex("rate_limit_hits").pluck("key")) as string[];
  expect(keys).toContain("kept");
  expect(keys).not.toContain("ended");

  await rateLimitHitsRepository.reset(database.knex, "kept");
  expect((await rateLimitHitsRepository.increment(database.knex, "kept", start, windowMs)).hits).toBe(1);
});
