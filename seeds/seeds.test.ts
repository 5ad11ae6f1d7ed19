import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@forgehire/services";
import { openTestDatabase } from "@forgehire/services/testing";
import { quote } from "@forgehire/core";
import { runSeeds } from "./index.js";
import { demoJobs } from "./03-jobs.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const deps = () => ({ db: database.knex, now: () => new Date("2026-11-22T10:00:00Z") });

describe("demo seeds", () => {
  it("load an admin, two clients and three freelancers with profiles", async () => {
    const result = await runSeeds(deps());
    expect(result.seeded).toBe(true);
    const users = (await database.knex("users").select("user_type")) as Array<{ user_type: string }>;
    const byType = users.reduce<Record<string, number>>((acc, u) => ({ ...acc, [u.user_type]: (acc[u.user_type] ?? 0) + 1 }), {});
    expect(byType).toEqual({ admin: 1, client: 2, freelancer: 3 });
    const [{ n }] = (await database.knex("freelancers").count({ n: "*" })) as [{ n: number }];
    expect(Number(n)).toBe(3);
  });

  it("put a job in every state: open, locked, paid, in progress, completed unpaid and completed paid", async () => {
    const jobs = (await database.knex("jobs").select("status", "payment_status", "locked", "started_at", "freelancer_id")) as Array<{
      status: string;
      payment_status: string;
      locked: boolean;
      started_at: Date | null;
      freelancer_id: string | null;
    }>;
    const states = jobs.map((j) => `${j.status}/${j.payment_status}/${j.locked ? "locked" : "unlocked"}`).sort();
    expect(states).toEqual(
      [
        "completed/paid/locked",
        "completed/unpaid/locked",
        "in_progress/paid/locked",
        "open/paid/locked",
        "open/unpaid/locked",
        "open/unpaid/unlocked",
      ].sort(),
    );
    for (const job of jobs.filter((j) => j.status !== "open")) {
      expect(job.started_at).not.toBeNull();
      expect(job.freelancer_id).not.toBeNull();
    }
  });

  it("price every job with the core quote", async () => {
    const rows = (await database.knex("jobs").select("title", "budget")) as Array<{ title: string; budget: number | string }>;
    for (const demo of demoJobs) {
      const row = rows.find((r) => r.title === demo.title);
      expect(Number(row?.budget)).toBe(quote({ scope: demo.scope, additionalServices: demo.additionalServices }).total);
    }
  });

  it("are loaded once: a database with users is left alone", async () => {
    const before = await database.knex("users").count({ n: "*" });
    const again = await runSeeds(deps());
    expect(again.seeded).toBe(false);
    expect(await database.knex("users").count({ n: "*" })).toEqual(before);
  });
});
