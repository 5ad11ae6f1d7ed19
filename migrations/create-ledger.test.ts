import { afterAll, beforeAll, expect, it } from "vitest";
import { completedMigrations, migrateLatest, rollbackSteps, verifyLedger, type Database } from "@forgehire/services";
import { openTestDatabase } from "@forgehire/services/testing";

const LEDGER = "20261127160000_create-ledger";
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Undoes the migrations down to (and including) the ledger's, as a database from before it would be. */
async function beforeLedger(): Promise<void> {
  const done = await completedMigrations(database.knex);
  const after = done.length - done.indexOf(LEDGER);
  await rollbackSteps(database.knex, after);
  expect(await completedMigrations(database.knex)).not.toContain(LEDGER);
}

it("[money-11] old payments are backfilled: each charge captured once, each refunded one refunded once, and every invariant holds", async () => {
  await beforeLedger();
  const knex = database.knex;
  const [user] = (await knex("users")
    .insert({ email: "ledger@example.test", password_hash: "x", first_name: "L", last_name: "Edger", user_type: "client", role_type: "job_poster" })
    .returning("id")) as Array<{ id: string }>;
  const job = (title: string) => ({ title, description: "d", industry: "Others", scope: 199, budget: 199, owner_id: user!.id, locked: true });
  const [paid, doubled] = (await knex("jobs")
    .insert([
      { ...job("Paid"), payment_status: "paid" },
      { ...job("Doubled"), payment_status: "paid" },
    ])
    .returning("id")) as Array<{ id: number }>;
  const payment = (jobId: number, attempt: number, status: string, extra: Record<string, unknown> = {}) => ({
    job_id: jobId,
    user_id: user!.id,
    provider: "test",
    amount: 19_900,
    attempt,
    status,
    provider_payment_id: `pi_backfill_${jobId}_${attempt}`,
    ...extra,
  });
  const rows = (await knex("payments")
    .insert([
      payment(paid!.id, 1, "succeeded"),
      payment(paid!.id, 2, "failed"),
      payment(doubled!.id, 1, "succeeded"),
      payment(doubled!.id, 2, "refunded", { refund_reason: "already_paid", provider_refund_id: "re_1", refunded_at: new Date() }),
      payment(doubled!.id, 3, "needs_refund", { refund_reason: "already_paid" }),
    ])
    .returning(["id", "status"])) as Array<{ id: string; status: string }>;

  await migrateLatest(knex);

  const transactions = (await knex("ledger_transactions").orderBy("id")) as Array<{ kind: string; payment_id: string; idempotency_key: string }>;
  const byPayment = (id: string) => transactions.filter((t) => t.payment_id === id).map((t) => t.kind);
  const [succeeded, failed, other, refunded, due] = rows;
  expect(byPayment(succeeded!.id)).toEqual(["payment_captured"]);
  expect(byPayment(failed!.id)).toEqual([]);
  expect(byPayment(other!.id)).toEqual(["payment_captured"]);
  expect(byPayment(refunded!.id)).toEqual(["payment_captured", "refund"]);
  expect(byPayment(due!.id)).toEqual(["payment_captured"]);
  const escrow = (await knex("ledger_entries")
    .where({ account_kind: "escrow", account_owner: String(doubled!.id) })
    .sum({ total: "amount_cents" })) as Array<{
    total: string | number;
  }>;
  expect(Number(escrow[0]!.total)).toBe(19_900);
  expect(await verifyLedger({ db: knex })).toMatchObject({ ok: true, checked: 5, violations: [] });
});
