import { authorizeViewEarnings, earningsCsv, earningsStatusOf, inReviewAmounts, type Actor, type EarningsBody, type EarningsItem } from "@forgehire/core";
import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";
import { earningsRepository, type EarningsRow } from "../../repositories/earnings.js";
import { ledgerRepository } from "../../repositories/ledger.js";
import { payoutsEnabledFor } from "../payouts/payouts.js";

type Deps = Pick<ServiceDeps, "db" | "config">;

/** Rows per read when the export walks every item: bounded memory per query, the whole list in the file. */
const EXPORT_BATCH = 500;

function toItem(row: EarningsRow, feePercent: number): EarningsItem {
  // In review, the amounts are what the release will post (core's rounding); released, they are the ledger's.
  const amounts = row.released
    ? { grossCents: row.grossCents ?? 0, feeCents: row.feeCents ?? 0, netCents: row.netCents ?? 0 }
    : inReviewAmounts(row.grossCents, feePercent);
  return {
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    storyId: row.storyId,
    storyTitle: row.storyTitle,
    ...amounts,
    status: earningsStatusOf(row),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
  };
}

/** One snapshot for the figures and the list, so a release landing between two reads cannot count twice or not at all. */
function inSnapshot<T>(db: Knex, work: (trx: Knex) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw("set transaction isolation level repeatable read, read only");
    return work(trx);
  });
}

/**
 * The signed-in freelancer's earnings for `GET /api/earnings`: the net of their stories in review, their available and
 * paid-out balances from the ledger, and a page of their stories in review or released, newest first.
 * @param deps the database and PLATFORM_FEE_PERCENT
 * @param actor the signed-in person: a freelancer, who sees only their own
 * @param page the page number and size
 * @returns the figures, `payoutsEnabled` and the page
 * @throws UNAUTHENTICATED when signed out; EARNINGS_DENIED for clients and admins
 */
export async function getFreelancerEarnings(deps: Deps, actor: Actor | null, page: { page: number; perPage: number }): Promise<EarningsBody> {
  authorizeViewEarnings(actor);
  const feePercent = deps.config.delivery.platformFeePercent;
  return inSnapshot(deps.db, async (trx) => {
    const inReview = await earningsRepository.inReviewAmounts(trx, actor.id);
    const availableCents = await ledgerRepository.balanceOf(trx, { kind: "freelancer_available", userId: actor.id });
    const paidOutCents = await ledgerRepository.balanceOf(trx, { kind: "freelancer_paid_out", userId: actor.id });
    const list = await earningsRepository.page(trx, actor.id, { offset: (page.page - 1) * page.perPage, limit: page.perPage });
    return {
      inReviewCents: inReview.reduce<number>((sum, amount) => sum + inReviewAmounts(amount, feePercent).netCents, 0),
      availableCents,
      paidOutCents,
      // As the provider last said of their connected account (account.updated, the test provider's onboarding page).
      payoutsEnabled: await payoutsEnabledFor(trx, actor.id),
      items: list.rows.map((row) => toItem(row, feePercent)),
      total: list.total,
      page: page.page,
      perPage: page.perPage,
    };
  });
}

/**
 * The signed-in freelancer's earnings as CSV (`GET /api/earnings.csv`): every item, newest first, with job and story
 * titles and amounts in dollars.
 * @param deps the database and PLATFORM_FEE_PERCENT
 * @param actor the signed-in person: a freelancer
 * @returns the file's text
 * @throws UNAUTHENTICATED when signed out; EARNINGS_DENIED for clients and admins
 */
export async function exportFreelancerEarningsCsv(deps: Deps, actor: Actor | null): Promise<string> {
  authorizeViewEarnings(actor);
  const feePercent = deps.config.delivery.platformFeePercent;
  return inSnapshot(deps.db, async (trx) => {
    const items: EarningsItem[] = [];
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { rows } = await earningsRepository.page(trx, actor.id, { offset, limit: EXPORT_BATCH });
      items.push(...rows.map((row) => toItem(row, feePercent)));
      if (rows.length < EXPORT_BATCH) break;
    }
    return earningsCsv(items);
  });
}
