import {
  authorizeReadStatement,
  buildStatement,
  displayName,
  domainError,
  statementCsv,
  statementPeriod,
  type Actor,
  type Statement,
  type StatementEntryInput,
} from "@forgehire/core";
import type { Knex } from "knex";
import { renderStatementPdf } from "../../adapters/pdf/billing-pdf.js";
import type { ServiceDeps } from "../../deps.js";
import { toDate } from "../../repositories/rows.js";

type Deps = Pick<ServiceDeps, "db" | "config" | "now">;

/** The freelancer's available balance before `before`, from the ledger. */
async function availableBefore(trx: Knex, userId: string, before: Date): Promise<number> {
  const [row] = (await trx("ledger_entries as e")
    .join("ledger_transactions as t", "t.id", "e.transaction_id")
    .where({ "e.account_kind": "freelancer_available", "e.account_owner": userId })
    .where("t.created_at", "<", before)
    .sum({ total: "e.amount_cents" })) as Array<{ total: number | string | null }>;
  return Number(row?.total ?? 0);
}

/** The month's ledger transactions that moved the freelancer's available balance, with their fee and titles. */
async function monthEntries(trx: Knex, userId: string, from: Date, to: Date): Promise<StatementEntryInput[]> {
  const rows = (await trx("ledger_transactions as t")
    .join("ledger_entries as e", "e.transaction_id", "t.id")
    .join("jobs as j", "j.id", "t.job_id")
    .leftJoin("requirement_tasks as s", "s.id", "t.story_id")
    .whereIn("t.id", trx("ledger_entries").select("transaction_id").where({ account_kind: "freelancer_available", account_owner: userId }))
    .where("t.created_at", ">=", from)
    .where("t.created_at", "<", to)
    .groupBy("t.id", "t.kind", "t.idempotency_key", "t.created_at", "t.job_id", "j.title", "s.title")
    .orderBy([{ column: "t.created_at" }, { column: "t.id" }])
    .select(
      "t.kind",
      "t.idempotency_key",
      "t.created_at",
      "t.job_id",
      "j.title as job_title",
      "s.title as story_title",
      trx.raw("coalesce(sum(case when e.account_kind = 'freelancer_available' and e.account_owner = ? then e.amount_cents end), 0) as available_delta", [
        userId,
      ]),
      trx.raw("coalesce(sum(case when e.account_kind = 'platform_fees' then e.amount_cents end), 0) as fee"),
    )) as Array<{
    kind: StatementEntryInput["kind"];
    idempotency_key: string;
    created_at: Date | string;
    job_id: number;
    job_title: string;
    story_title: string | null;
    available_delta: number | string;
    fee: number | string;
  }>;
  return rows.map((row) => ({
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    occurredAt: toDate(row.created_at),
    jobId: Number(row.job_id),
    jobTitle: row.job_title,
    storyTitle: row.story_title,
    availableDeltaCents: Number(row.available_delta),
    feeCents: Number(row.fee),
  }));
}

/**
 * The signed-in freelancer's statement for a calendar month (UTC), from the ledger in one snapshot: the opening
 * balance, each release (gross, fee, net), payout and payout reversal, and the closing balance.
 * @param deps database, seller settings, clock
 * @param actor the signed-in freelancer (their own statement only)
 * @param month YYYY-MM
 * @returns the statement
 * @throws UNAUTHENTICATED; STATEMENT_DENIED for clients and admins; VALIDATION for a month not yet begun
 */
export async function getFreelancerStatement(deps: Deps, actor: Actor | null, month: string): Promise<Statement> {
  authorizeReadStatement(actor);
  const { from, to } = statementPeriod(month);
  if (from.getTime() > deps.now().getTime()) {
    throw domainError("VALIDATION", { message: "That month has not begun yet.", fields: { month: "That month has not begun yet." } });
  }
  return deps.db.transaction(async (trx) => {
    await trx.raw("set transaction isolation level repeatable read, read only");
    const user = (await trx("users").where({ id: actor.id }).first("email", "first_name", "last_name")) as
      { email: string; first_name: string; last_name: string } | undefined;
    if (!user) throw domainError("USER_NOT_FOUND");
    return buildStatement({
      month,
      freelancer: { name: displayName({ firstName: user.first_name, lastName: user.last_name }), email: user.email },
      seller: deps.config.billing.seller,
      openingBalanceCents: await availableBefore(trx, actor.id, from),
      closingBalanceCents: await availableBefore(trx, actor.id, to),
      entries: await monthEntries(trx, actor.id, from, to),
    });
  });
}

/**
 * The statement as a file (`GET /api/earnings/statement?month=&format=`).
 * @param deps database, seller settings, clock
 * @param actor the signed-in freelancer
 * @param query the month and pdf or csv
 * @returns the bytes, their content type and file name
 * @throws as getFreelancerStatement
 */
export async function freelancerStatementFile(
  deps: Deps,
  actor: Actor | null,
  query: { month: string; format: "pdf" | "csv" },
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const statement = await getFreelancerStatement(deps, actor, query.month);
  const fileName = `forgehire-statement-${query.month}.${query.format}`;
  if (query.format === "csv") return { body: Buffer.from(statementCsv(statement), "utf8"), contentType: "text/csv; charset=utf-8", fileName };
  const { to } = statementPeriod(query.month);
  // The file's date: the month's end, or now for the month still running (so the same month gives the same bytes).
  const generatedAt = new Date(Math.min(to.getTime() - 1000, deps.now().getTime()));
  return { body: await renderStatementPdf(statement, generatedAt), contentType: "application/pdf", fileName };
}
