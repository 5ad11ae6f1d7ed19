import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminCharts, getAdminStats, getFreelancerReviews, loadConfig, verifyLedger, type Database } from "@forgehire/services";
import { billingDocumentsRepository } from "@forgehire/services/repositories";
import { openTestDatabase } from "@forgehire/services/testing";
import { documentSeriesProblems, paymentAmount, quote } from "@forgehire/core";
import { runSeeds } from "./index.js";
import { demoJobs } from "./03-jobs.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const deps = () => ({
  db: database.knex,
  now: () => new Date("2026-11-22T10:00:00Z"),
  config: loadConfig({ NODE_ENV: "test", SESSION_SECRET: "seed-test-secret-seed-test" }),
});

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

  it("put a job in every state: open, locked, paid, in progress, completed unpaid and completed paid (twice: once over 14 days ago)", async () => {
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

  it("give every story of a locked job its milestone, the stories of a job summing to its price, and none elsewhere", async () => {
    const jobs = (await database.knex("jobs").select("id", "budget", "locked")) as Array<{ id: number; budget: number | string; locked: boolean }>;
    for (const job of jobs) {
      const amounts = (await database.knex("requirement_tasks").where({ job_id: job.id, type: "story" }).pluck("amount_cents")) as Array<number | null>;
      if (!job.locked) expect(amounts.every((amount) => amount === null)).toBe(true);
      else expect(amounts.reduce<number>((sum, amount) => sum + amount!, 0)).toBe(paymentAmount(Number(job.budget)));
    }
  });

  it("[delivery-6] approve every story of a completed job, its tasks done, and no story of a job that is not", async () => {
    const jobs = (await database.knex("jobs").whereNotNull("started_at").select("id", "status")) as Array<{ id: number; status: string }>;
    expect(jobs.some((job) => job.status === "completed")).toBe(true);
    for (const job of jobs) {
      const stories = (await database.knex("requirement_tasks").where({ job_id: job.id, type: "story" }).pluck("delivery_status")) as string[];
      expect(stories.length).toBeGreaterThan(0);
      expect(stories.every((status) => status === "approved")).toBe(job.status === "completed");
      const tasks = (await database.knex("requirement_tasks").where({ job_id: job.id, type: "task" }).pluck("status")) as string[];
      if (job.status === "completed") expect(tasks.every((status) => status === "done")).toBe(true);
    }
  });

  it("give the in-progress job's freelancer a story in review and one released to them through the ledger (Earnings)", async () => {
    const job = (await database.knex("jobs").where({ status: "in_progress" }).first()) as { id: number; freelancer_id: string };
    const statuses = (await database.knex("requirement_tasks").where({ job_id: job.id, type: "story" }).pluck("delivery_status")) as string[];
    expect(statuses.filter((status) => status === "in_review")).toHaveLength(1);
    expect(statuses.filter((status) => status === "approved")).toHaveLength(2);
    const credited = await database
      .knex("ledger_entries as e")
      .join("ledger_transactions as t", "t.id", "e.transaction_id")
      .where({ "t.job_id": job.id, "t.kind": "release", "e.account_kind": "freelancer_available", "e.account_owner": job.freelancer_id });
    expect(credited).toHaveLength(2);
  });

  it("[payout-10] give the in-progress job's freelancer a test-provider account and one paid payout of a release, in the ledger too", async () => {
    const job = (await database.knex("jobs").where({ status: "in_progress" }).first()) as { id: number; freelancer_id: string };
    const account = await database.knex("connected_accounts").where({ user_id: job.freelancer_id }).first();
    expect(account).toMatchObject({ provider: "test", details_submitted: true });
    const payouts = await database.knex("payouts").where({ freelancer_id: job.freelancer_id });
    expect(payouts).toEqual([expect.objectContaining({ status: "paid", job_id: job.id, provider_account_id: account.provider_account_id })]);
    const payout = await database.knex("ledger_transactions").where({ id: payouts[0].ledger_transaction_id }).first();
    expect(payout).toMatchObject({ kind: "payout", story_id: payouts[0].story_id });
  });

  it("price every job with the core quote", async () => {
    const rows = (await database.knex("jobs").select("title", "budget")) as Array<{ title: string; budget: number | string }>;
    for (const demo of demoJobs) {
      const row = rows.find((r) => r.title === demo.title);
      expect(Number(row?.budget)).toBe(quote({ scope: demo.scope, additionalServices: demo.additionalServices }).total);
    }
  });

  it("give every paid job the succeeded payment that paid it, for its whole budget, and no other job a payment", async () => {
    const jobs = (await database.knex("jobs").select("id", "budget", "payment_status")) as Array<{
      id: number;
      budget: number | string;
      payment_status: string;
    }>;
    const payments = (await database.knex("payments").select("job_id", "amount", "status")) as Array<{ job_id: number; amount: number; status: string }>;
    for (const job of jobs) {
      const own = payments.filter((p) => p.job_id === job.id);
      if (job.payment_status === "paid") expect(own).toEqual([{ job_id: job.id, amount: paymentAmount(Number(job.budget)), status: "succeeded" }]);
      else expect(own).toEqual([]);
    }
  });

  it("[receipts-8] give every captured payment its receipt, numbered FH-2026-000001… without a gap", async () => {
    const payments = (await database.knex("payments").whereIn("status", ["succeeded", "needs_refund", "refunded"]).select("id", "amount")) as Array<{
      id: string;
      amount: number;
    }>;
    expect(payments.length).toBeGreaterThan(0);
    for (const payment of payments) {
      const receipt = await billingDocumentsRepository.findReceiptOfPayment(database.knex, payment.id);
      expect(receipt?.amountCents).toBe(Number(payment.amount));
      expect(receipt?.content.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(Number(payment.amount));
    }
    const issued = await billingDocumentsRepository.listInIssueOrder(database.knex);
    expect(issued).toHaveLength(payments.length);
    expect(issued[0]!.number).toBe("FH-2026-000001");
    expect(documentSeriesProblems(issued)).toEqual([]);
  });

  it("give every chat room messages, and the room its last activity", async () => {
    const rooms = (await database.knex("chat_rooms").select("room_id", "last_message_at")) as Array<{ room_id: string; last_message_at: Date | null }>;
    expect(rooms.length).toBeGreaterThanOrEqual(4);
    for (const room of rooms) {
      const [last] = (await database.knex("messages").where({ room_id: room.room_id }).orderBy("id", "desc").limit(1)) as Array<{ created_at: Date }>;
      expect(last, room.room_id).toBeDefined();
      expect(new Date(room.last_message_at!).getTime()).toBe(new Date(last!.created_at).getTime());
    }
  });

  it("make every dashboard counter and chart non-zero, the money held and in review too (the demo opens no dispute)", async () => {
    const admin = await database.knex("users").where({ user_type: "admin" }).first();
    const actor = { id: admin.id, userType: "admin" as const, roleType: "admin" as const };
    const stats = await getAdminStats(deps(), actor);
    expect(stats).toMatchObject({ total: 7, inProgress: 1, completed: 3, paymentDue: 1, paid: 4, withStories: 6, withCommunication: 4, disputedCents: 0 });
    // Held: the paid jobs not yet completed, less what was released; in review: the in-progress job's story awaiting its client.
    const [{ held }] = (await database.knex("ledger_entries").where({ account_kind: "escrow" }).sum({ held: "amount_cents" })) as [{ held: number | string }];
    expect(stats.heldCents).toBe(Number(held));
    expect(stats.heldCents).toBeGreaterThan(0);
    expect(stats.inReviewCents).toBeGreaterThan(0);
    const charts = await getAdminCharts(deps(), actor);
    expect(charts.jobsByStatus.every((point) => point.count > 0)).toBe(true);
    const revenue = charts.revenueByWeek.reduce((sum, point) => sum + point.amount, 0);
    const paidBudgets = (await database.knex("jobs").where({ payment_status: "paid" }).sum({ total: "budget" })) as Array<{ total: number | string }>;
    expect(revenue).toBeCloseTo(Number(paidBudgets[0]!.total), 2);
    expect(charts.newJobsByWeek.reduce((sum, point) => sum + point.count, 0)).toBe(7);
    const [{ n }] = (await database.knex("emails").count({ n: "*" })) as [{ n: number | string }];
    expect(Number(n)).toBeGreaterThan(0);
  });

  it("give the demo clients and freelancers notifications, read and unread, each opening a portal page", async () => {
    const rows = (await database.knex("notifications as n").join("users as u", "u.id", "n.user_id").select("u.email", "n.read_at", "n.link")) as Array<{
      email: string;
      read_at: Date | null;
      link: string;
    }>;
    for (const email of ["alice@forgehire.local", "nova@forgehire.local"]) {
      const own = rows.filter((row) => row.email === email);
      expect(own.some((row) => row.read_at === null)).toBe(true);
      expect(own.some((row) => row.read_at !== null)).toBe(true);
    }
    expect(rows.every((row) => row.link.startsWith("/jobs/") || row.link.startsWith("/messages/"))).toBe(true);
  });

  it("have reviews in every state: both in and published, waiting for the other, published alone after 14 days, replied to, hidden by an admin; the ledger verifies", async () => {
    const now = deps().now();
    const userId = async (email: string) => ((await database.knex("users").where({ email }).first("id")) as { id: string }).id;
    const [atlas, echo, nova, bruno] = await Promise.all(["atlas", "echo", "nova", "bruno"].map((key) => userId(`${key}@forgehire.local`)));
    const reviews = (await database.knex("reviews").select("*")) as Array<{
      subject_id: string;
      author_id: string;
      published_at: Date;
      created_at: Date;
      reply: string | null;
      hidden_at: Date | null;
      hidden_reason: string | null;
    }>;
    const published = (r: { published_at: Date }) => new Date(r.published_at).getTime() <= now.getTime();
    // Alone after 14 days, replied to (Atlas); both in and replied to (Echo); waiting for Nova's.
    expect((await getFreelancerReviews(deps(), atlas!)).rating).toEqual({ average: 5, count: 1 });
    expect((await getFreelancerReviews(deps(), atlas!)).page.items[0]!.reply).toBeTruthy();
    expect((await getFreelancerReviews(deps(), echo!)).rating).toEqual({ average: 4, count: 1 });
    expect((await getFreelancerReviews(deps(), nova!)).rating).toEqual({ average: null, count: 0 });
    const waiting = reviews.find((r) => r.subject_id === nova);
    expect(waiting && !published(waiting)).toBe(true);
    const aboutBruno = reviews.find((r) => r.subject_id === bruno);
    expect(aboutBruno).toMatchObject({ hidden_reason: expect.any(String) });
    expect(aboutBruno && published(aboutBruno)).toBe(true);
    expect(reviews.every((r) => new Date(r.created_at).getTime() <= now.getTime())).toBe(true);
    expect((await verifyLedger({ db: database.knex })).ok).toBe(true);
  });

  it("are loaded once: a database with users is left alone", async () => {
    const before = await database.knex("users").count({ n: "*" });
    const again = await runSeeds(deps());
    expect(again.seeded).toBe(false);
    expect(await database.knex("users").count({ n: "*" })).toEqual(before);
  });
});
