import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
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

describe("forgehire payments:receipt", () => {
  it("[receipts-7] writes a payment's receipt PDF with --out and prints the facts it was issued with with --json, through the same use case as the API", async () => {
    const database = await openDatabase({ dataDir });
    const seeded = (await database
      .knex("payments")
      .join("billing_documents", "billing_documents.payment_id", "payments.id")
      .where({ "billing_documents.kind": "receipt" })
      .first("payments.id", "billing_documents.number")) as { id: string; number: string };
    await database.close();
    const out = path.join(dataDir, "receipt.pdf");
    const written = await forgehire("payments:receipt", seeded.id, "--out", out);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain(`Receipt ${seeded.number}`);
    const { pdfText } = await import("../../server/src/test/pdf-text.js");
    const text = await pdfText(readFileSync(out));
    expect(text).toContain(`Number: ${seeded.number}`);
    expect(text).toContain("@forgehire.local");

    const json = await forgehire("payments:receipt", seeded.id, "--json");
    expect(json.code).toBe(0);
    const facts = JSON.parse(json.stdout) as { number: string; kind: string; content: { totalCents: number; lines: Array<{ amountCents: number }> } };
    expect(facts).toMatchObject({ number: seeded.number, kind: "receipt" });
    expect(facts.content.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(facts.content.totalCents);

    // A payment never captured has no receipt (exit 4); a freelancer may not read it (exit 3); no output option is a usage error.
    expect((await forgehire("payments:receipt", "00000000-0000-4000-8000-000000000000", "--json")).code).toBe(4);
    expect((await forgehire("payments:receipt", seeded.id, "--json", "--as", "nova@forgehire.local")).code).toBe(3);
    expect((await forgehire("payments:receipt", seeded.id)).code).toBe(2);
  });
});

describe("forgehire payments:refund", () => {
  it("[bulk-11] refunds a charge flagged needs_refund through the back office's use case; a second refund exits 5 with the reason", async () => {
    const refunded = await forgehire("payments:refund", flaggedId, "--json");
    expect(refunded.code, refunded.stderr).toBe(0);
    expect(JSON.parse(refunded.stdout)).toMatchObject({ id: flaggedId, jobId, status: "refunded", providerRefundId: expect.any(String) });
    const database = await openDatabase({ dataDir });
    const refunds = (await database.knex("ledger_transactions").where({ payment_id: flaggedId, kind: "refund" })) as unknown[];
    await database.close();
    expect(refunds).toHaveLength(1);

    const again = await forgehire("payments:refund", flaggedId);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain("This charge has already been refunded.");
    expect(again.stderr).not.toMatch(/at .*\.js:\d+/);
    const unknown = await forgehire("payments:refund", "nope");
    expect(unknown.code).toBe(4);
  });
});
