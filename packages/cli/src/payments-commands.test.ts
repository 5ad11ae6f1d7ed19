import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@forgehire/services";
import { dataDirCopy, forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);
let flaggedId: string;
let jobId: number;

beforeAll(async () => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-payments-");
  // A paid job with a second, doubled charge flagged for refund, written into the CLI's database (no CLI process
  // holds it between commands).
  const database = await openDatabase({ dataDir });
  const owner = (await database.knex("users").where({ email: "alice@forgehire.local" }).first("id")) as { id: string };
  const [job] = (await database
    .knex("jobs")
    .insert({
      title: "Doubled Charge Shop",
      description: "d",
      industry: "Others",
      scope: 199,
      budget: 199,
      owner_id: owner.id,
      locked: true,
      payment_status: "paid",
    })
    .returning("id")) as Array<{ id: number }>;
  jobId = job!.id;
  const base = { job_id: jobId, user_id: owner.id, provider: "test", amount: 19900, currency: "usd" };
  await database.knex("payments").insert({ ...base, status: "succeeded", attempt: 1, provider_payment_id: "pi_test_cli_1" });
  const [flagged] = (await database
    .knex("payments")
    .insert({
      ...base,
      status: "needs_refund",
      attempt: 2,
      provider_payment_id: "pi_test_cli_2",
      refund_reason: "already_paid",
      last_error: "The job was already paid by another payment.",
    })
    .returning("id")) as Array<{ id: string }>;
  flaggedId = flagged!.id;
  await database.close();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("forgehire payments:list", () => {
  it("[money-2] --needs-refund lists exactly the charges still to give back, as text and as JSON", async () => {
    const json = await forgehire("payments:list", "--needs-refund", "--json");
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as Array<{ id: string; status: string; refundReason: string; jobId: number }>;
    expect(rows).toEqual([expect.objectContaining({ id: flaggedId, status: "needs_refund", refundReason: "already_paid", jobId })]);

    const text = await forgehire("payments:list", "--needs-refund");
    expect(text.stdout).toContain(flaggedId);
    expect(text.stdout).toContain("The job was already paid by another payment.");
    const all = await forgehire("payments:list", "--job", String(jobId));
    expect(all.stdout.trim().split("\n")).toHaveLength(2);
  });
});
