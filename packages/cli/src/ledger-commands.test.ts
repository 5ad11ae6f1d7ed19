import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@forgehire/services";
import { dataDirCopy, forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(async () => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-ledger-");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs SQL on the CLI's embedded database between commands (no CLI process holds it then). */
async function withDatabase<T>(work: (knex: Awaited<ReturnType<typeof openDatabase>>["knex"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.knex);
  } finally {
    await database.close();
  }
}

describe("forgehire ledger:verify", () => {
  it("[money-13] exits 0 on the demo database: its payments are captured and its completed job released, every invariant holds", async () => {
    const json = await forgehire("ledger:verify", "--json");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { ok: boolean; checked: number; violations: unknown[]; documents: { issued: number } };
    // The demo's receipts are checked too: one per captured payment, numbered without a gap.
    expect(report).toEqual({ ok: true, checked: expect.any(Number), violations: [], documents: { issued: expect.any(Number), problems: [] } });
    expect(report.checked).toBeGreaterThan(0);
    expect(report.documents.issued).toBeGreaterThan(0);
    const text = await forgehire("ledger:verify");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Every invariant holds.");
  }, 240_000);

  it("[money-13] exits 12 naming the invariant and the job once one entry is changed by hand in SQL, then 0 again once it is put back", async () => {
    const entry = await withDatabase(async (knex) => {
      const row = (await knex("ledger_entries").where({ account_kind: "escrow" }).orderBy("id").first("id", "job_id", "amount_cents")) as {
        id: number;
        job_id: number;
        amount_cents: string | number;
      };
      await knex("ledger_entries")
        .where({ id: row.id })
        .update({ amount_cents: Number(row.amount_cents) + 1 });
      return row;
    });

    const json = await forgehire("ledger:verify", "--json");
    expect(json.code).toBe(12);
    const report = JSON.parse(json.stdout) as { ok: boolean; violations: Array<{ invariant: string; jobId?: number; detail: string }> };
    expect(report.ok).toBe(false);
    expect(report.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invariant: "transaction_balanced", jobId: entry.job_id }),
        expect.objectContaining({ invariant: "ledger_balanced" }),
      ]),
    );
    const text = await forgehire("ledger:verify");
    expect(text.code).toBe(12);
    expect(text.stdout).toContain(`transaction_balanced (job ${entry.job_id})`);

    await withDatabase((knex) => knex("ledger_entries").where({ id: entry.id }).update({ amount_cents: entry.amount_cents }));
    expect((await forgehire("ledger:verify")).code).toBe(0);
  }, 240_000);
});

describe("forgehire stories:approve", () => {
  it("[delivery-15] approves a story in review as an admin and releases its milestone through the ledger; a second approval exits 5", async () => {
    // The demo's project in progress, paid and captured: its first story's tasks done and the story delivered.
    const storyId = await withDatabase(async (knex) => {
      const job = (await knex("jobs").where({ status: "in_progress", payment_status: "paid" }).orderBy("id").first("id")) as { id: number };
      const story = (await knex("requirement_tasks").where({ job_id: job.id, type: "story" }).orderBy("position").first("id")) as { id: string };
      await knex("requirement_tasks").where({ story_id: story.id }).update({ status: "done" });
      const now = new Date();
      await knex("requirement_tasks")
        .where({ id: story.id })
        .update({ delivery_status: "in_review", submitted_at: now, review_due_at: new Date(now.getTime() + 86_400_000) });
      return story.id;
    });

    const approved = await forgehire("stories:approve", storyId, "--json");
    expect(approved.code, approved.stderr).toBe(0);
    const { story, release } = JSON.parse(approved.stdout) as {
      story: { delivery: { status: string; approvedBy: string } };
      release: { grossCents: number; feeCents: number; netCents: number };
    };
    expect(story.delivery).toMatchObject({ status: "approved", approvedBy: "admin" });
    expect(release.grossCents).toBeGreaterThan(0);
    expect(release.feeCents + release.netCents).toBe(release.grossCents);
    const released = await withDatabase((knex) => knex("ledger_transactions").where({ story_id: storyId, kind: "release" }));
    expect(released).toHaveLength(1);

    const again = await forgehire("stories:approve", storyId);
    expect(again.code).toBe(5);
    expect((await forgehire("ledger:verify")).code).toBe(0);
  }, 240_000);
});
