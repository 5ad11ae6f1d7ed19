import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@forgehire/services";
import { dataDirCopy, forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(async () => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-disputes-");
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

describe("forgehire disputes:list and disputes:resolve", () => {
  it("[dispute-9] lists an open dispute, refuses a split that does not add up (exit 2), resolves it as an admin; the ledger verifies", async () => {
    // The demo's project in progress, paid and captured, its first story disputed by its client.
    const { disputeId, amountCents, jobId } = await withDatabase(async (knex) => {
      const job = (await knex("jobs").where({ status: "in_progress", payment_status: "paid" }).orderBy("id").first("id", "owner_id")) as {
        id: number;
        owner_id: string;
      };
      const story = (await knex("requirement_tasks").where({ job_id: job.id, type: "story" }).orderBy("position").first("id", "amount_cents")) as {
        id: string;
        amount_cents: number;
      };
      await knex("requirement_tasks").where({ id: story.id }).update({ delivery_status: "disputed", review_due_at: null });
      const [row] = (await knex("disputes")
        .insert({ job_id: job.id, story_id: story.id, reason: "Not delivered", opened_by: job.owner_id })
        .returning("id")) as Array<{
        id: string;
      }>;
      return { disputeId: row!.id, amountCents: Number(story.amount_cents), jobId: job.id };
    });
    expect(amountCents).toBeGreaterThan(1);

    const listed = await forgehire("disputes:list", "--status", "open", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: disputeId, jobId, status: "open", reason: "Not delivered" })]);

    const mismatch = await forgehire("disputes:resolve", disputeId, "--release", String(amountCents), "--refund", "1");
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain(String(amountCents));

    const release = Math.floor(amountCents / 2);
    const resolved = await forgehire(
      "disputes:resolve",
      disputeId,
      "--release",
      String(release),
      "--refund",
      String(amountCents - release),
      "--note",
      "Half",
      "--json",
    );
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(JSON.parse(resolved.stdout).dispute).toMatchObject({
      id: disputeId,
      status: "resolved",
      releaseCents: release,
      refundCents: amountCents - release,
      note: "Half",
    });
    const moved = await withDatabase((knex) =>
      knex("ledger_transactions").whereIn("idempotency_key", [`release:dispute:${disputeId}`, `refund:dispute:${disputeId}`]),
    );
    expect(moved).toHaveLength(2);
    expect((await forgehire("ledger:verify")).code).toBe(0);
  }, 240_000);
});
