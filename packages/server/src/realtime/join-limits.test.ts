import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { JOIN_IN_FLIGHT_PER_SOCKET, JOIN_IN_FLIGHT_PER_USER, JOIN_RATE_LIMIT } from "@forgehire/core";
import { createLogger, type Database } from "@forgehire/services";
import { openTestDatabase } from "@forgehire/services/testing";
import { JoinLimits } from "./join-limits.js";

let database: Database;
let limits: JoinLimits;

beforeAll(async () => {
  database = await openTestDatabase();
  limits = new JoinLimits({ db: database.knex, now: () => new Date(), logger: createLogger("silent") });
});
afterAll(async () => {
  limits?.close();
  await database?.close();
});

/** Admits `count` joins of the socket and keeps them in flight; @returns their release functions (undefined: refused) */
const admitMany = (socketId: string, userId: string, count: number) => Array.from({ length: count }, () => limits.admit(socketId, userId));

it("[load-2] holds JOIN_IN_FLIGHT_PER_SOCKET joins in flight per socket, and lets the next in once one ends", () => {
  const user = randomUUID();
  const held = admitMany("socket-a", user, JOIN_IN_FLIGHT_PER_SOCKET);
  expect(held.every(Boolean)).toBe(true);
  expect(limits.admit("socket-a", user)).toBeUndefined();
  held[0]!();
  const next = limits.admit("socket-a", user);
  expect(next).toBeDefined();
  for (const release of [next, ...held]) release?.();
});

it("[load-2] holds JOIN_IN_FLIGHT_PER_USER joins in flight per user, over all their sockets", () => {
  const user = randomUUID();
  const sockets = Array.from({ length: Math.ceil(JOIN_IN_FLIGHT_PER_USER / JOIN_IN_FLIGHT_PER_SOCKET) }, () => randomUUID());
  const held = sockets.flatMap((socket) => admitMany(socket, user, JOIN_IN_FLIGHT_PER_SOCKET)).filter(Boolean);
  expect(held).toHaveLength(JOIN_IN_FLIGHT_PER_USER);
  expect(limits.admit(randomUUID(), user)).toBeUndefined();
  // Another user is not held back.
  const other = limits.admit(randomUUID(), randomUUID());
  expect(other).toBeDefined();
  for (const release of [other, ...held]) release?.();
});

it("[load-2] lets a user ask for JOIN_RATE_LIMIT joins per window, one at a time, and shares the count through the database", async () => {
  const user = randomUUID();
  let admitted = 0;
  for (let i = 0; i < JOIN_RATE_LIMIT + 10; i++) {
    const release = limits.admit(randomUUID(), user);
    if (release) admitted += 1;
    release?.();
  }
  expect(admitted).toBe(JOIN_RATE_LIMIT);
  await expect
    .poll(
      async () =>
        (
          (await database
            .knex("rate_limit_hits")
            .where({ key: `join:${user}` })
            .first()) as { hits: number } | undefined
        )?.hits,
    )
    .toBeGreaterThan(JOIN_RATE_LIMIT);
});
