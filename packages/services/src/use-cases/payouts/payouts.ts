import {
  authorizeBackOffice,
  authorizePayouts,
  canPayOut,
  domainError,
  isDomainError,
  payoutKeys,
  payoutReversalTransaction,
  payoutTransaction,
  reversedCentsOf,
  type Actor,
  type Payout,
  type PayoutStatus,
} from "@forgehire/core";
import type { Knex } from "knex";
import { TransferRefusedError, type PaymentEvent, type ProviderAccount } from "../../adapters/payments/provider.js";
import type { ServiceDeps } from "../../deps.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { paymentsRepository } from "../../repositories/payments.js";
import { payoutsRepository, payoutSortColumns, type ConnectedAccountRow, type PayoutFilter, type PayoutRow } from "../../repositories/payouts.js";
import { usersRepository } from "../../repositories/users.js";
import { postLedgerTransaction } from "../ledger/post-ledger.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "config" | "payments" | "queue" | "logger">;

/**
 * Queues the payout of a freelancer's available money, in the caller's transaction: after a release (it exists only
 * if the release commits) and after their onboarding completes. The job pays every release not yet paid, so any
 * number of them queued for one freelancer pay each release once.
 * @param deps the queue
 * @param trx the transaction that released the money or enabled the account
 * @param freelancerId the freelancer's user id
 */
export async function queuePayout(deps: Pick<ServiceDeps, "queue">, trx: Knex, freelancerId: string): Promise<void> {
  await deps.queue.send("payout", { freelancerId }, { db: trx });
}

/**
 * `POST /api/payouts/onboarding`: the signed-in freelancer's onboarding link at the provider (Stripe Connect Express's
 * account link; the test provider's own page). Their connected account is created the first time, once (an
 * idempotency key per freelancer at the provider, a primary key here).
 * @returns the one-time link to send the freelancer to
 * @throws UNAUTHENTICATED; PAYOUTS_DENIED for clients and admins; PAYOUT_ONBOARDING_FAILED when the provider fails
 */
export async function startOnboarding(deps: Deps, actor: Actor | null): Promise<{ url: string }> {
  authorizePayouts(actor);
  try {
    let account = await payoutsRepository.findAccount(deps.db, actor.id);
    if (!account || account.provider !== deps.payments.name) {
      const user = await usersRepository.findById(deps.db, actor.id);
      if (!user) throw domainError("UNAUTHENTICATED");
      const created = await deps.payments.createConnectedAccount({
        userId: actor.id,
        email: user.email,
        idempotencyKey: `forgehire-account-${actor.id}`,
      });
      if (account) {
        // The deployment changed providers: the old provider's account can take no transfers from this one.
        await deps
          .db("connected_accounts")
          .where({ user_id: actor.id })
          .update({ provider: deps.payments.name, provider_account_id: created.id, payouts_enabled: false, details_submitted: false, updated_at: deps.now() });
        account = (await payoutsRepository.findAccount(deps.db, actor.id))!;
      } else {
        account = await payoutsRepository.insertAccount(deps.db, { userId: actor.id, provider: deps.payments.name, providerAccountId: created.id }, deps.now());
      }
    }
    const base = deps.config.publicUrl;
    return await deps.payments.createOnboardingLink({
      accountId: account.providerAccountId,
      refreshUrl: `${base}/earnings?payouts=refresh`,
      returnUrl: `${base}/earnings?payouts=return`,
    });
  } catch (error) {
    if (isDomainError(error)) throw error;
    deps.logger.warn({ err: error, userId: actor.id }, "payouts onboarding failed at the provider");
    throw domainError("PAYOUT_ONBOARDING_FAILED", { cause: error });
  }
}

/**
 * What the provider says of a connected account (Stripe's `account.updated`, the test provider's onboarding page),
 * in the caller's transaction: once payouts are enabled, the freelancer's available money is queued for transfer.
 * @returns the account after the change; undefined when the account is not one of ours
 */
export async function applyAccountUpdated(deps: Pick<Deps, "now" | "queue">, trx: Knex, account: ProviderAccount): Promise<ConnectedAccountRow | undefined> {
  const changed = await payoutsRepository.updateAccount(trx, account.id, account, deps.now());
  if (!changed) return undefined;
  if (canPayOut(changed.after)) await queuePayout(deps, trx, changed.after.userId);
  return changed.after;
}

/**
 * The test provider's onboarding page completed by the signed-in freelancer: their account is enabled through the
 * same path as Stripe's `account.updated`.
 * @throws TEST_PROVIDER_DISABLED when Stripe is the provider; PAYOUTS_DENIED; PAYOUT_ACCOUNT_NOT_FOUND when the account
 *   is not theirs
 */
export async function completeTestOnboarding(deps: Deps, actor: Actor | null, accountId: string): Promise<ConnectedAccountRow> {
  if (deps.payments.name !== "test") throw domainError("TEST_PROVIDER_DISABLED");
  authorizePayouts(actor);
  const account = await payoutsRepository.findAccountByProviderId(deps.db, accountId);
  if (!account || account.userId !== actor.id || account.provider !== "test") throw domainError("PAYOUT_ACCOUNT_NOT_FOUND");
  return deps.db.transaction(async (trx) => (await applyAccountUpdated(deps, trx, { id: accountId, payoutsEnabled: true, detailsSubmitted: true }))!);
}

/**
 * The test provider's onboarding page: whether the signed-in freelancer may complete it for this account.
 * @throws TEST_PROVIDER_DISABLED; PAYOUTS_DENIED; PAYOUT_ACCOUNT_NOT_FOUND
 */
export async function findTestOnboarding(deps: Deps, actor: Actor | null, accountId: string): Promise<ConnectedAccountRow> {
  if (deps.payments.name !== "test") throw domainError("TEST_PROVIDER_DISABLED");
  authorizePayouts(actor);
  const account = await payoutsRepository.findAccountByProviderId(deps.db, accountId);
  if (!account || account.userId !== actor.id || account.provider !== "test") throw domainError("PAYOUT_ACCOUNT_NOT_FOUND");
  return account;
}

/** What one payout run did. */
export interface PayoutRun {
  /** releases reserved for transfer now (the ledger moved) */
  reserved: number;
  /** transfers the provider made (or answered again) now */
  paid: number;
  /** transfers the provider refused: money back to available */
  failed: number;
  /** false when the freelancer's account cannot take payouts: the money waits as available */
  enabled: boolean;
}

/**
 * Pays out a freelancer's available money: one transfer per release not yet paid (the queue's `payout` job).
 * First each release is reserved, under its job's row lock: the payouts row (unique per release) and the `payout`
 * ledger transaction (available → paid out) commit together, so whatever the retries and processes a release is
 * reserved once. Then each pending payout is sent to the provider with its idempotency key
 * (`forgehire-transfer-<release transaction id>`): a retry, or another process sending the same one, gets the same
 * transfer back. A refusal undoes the reservation with a balanced reversal; any other error is thrown for the queue to
 * retry.
 * @param deps database, provider, clock
 * @param freelancerId the freelancer's user id
 * @returns what was done
 */
export async function payOutAvailable(deps: Deps, freelancerId: string): Promise<PayoutRun> {
  const run: PayoutRun = { reserved: 0, paid: 0, failed: 0, enabled: false };
  const account = await payoutsRepository.findAccount(deps.db, freelancerId);
  if (!account || !canPayOut(account) || account.provider !== deps.payments.name) return run;
  run.enabled = true;
  for (const release of await payoutsRepository.unpaidReleases(deps.db, freelancerId)) {
    const reserved = await deps.db.transaction(async (trx) => {
      // Lock order (payments/lock-order.ts): the job's row first, as every ledger writer does.
      await jobsRepository.findById(trx, release.jobId, { forUpdate: true });
      const { payout, created } = await payoutsRepository.reserve(
        trx,
        {
          freelancerId,
          jobId: release.jobId,
          storyId: release.storyId,
          releaseTransactionId: release.releaseTransactionId,
          amountCents: release.netCents,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          idempotencyKey: payoutKeys.transfer(release.releaseTransactionId),
        },
        deps.now(),
      );
      if (!created) return false;
      const { transaction } = await postLedgerTransaction(
        trx,
        payoutTransaction({
          jobId: release.jobId,
          storyId: release.storyId,
          freelancerId,
          amountCents: release.netCents,
          reference: payoutKeys.ledgerReference(release.releaseTransactionId),
        }),
        { kind: "system", id: null },
      );
      await payoutsRepository.setLedgerTransaction(trx, payout.id, transaction.id);
      return true;
    });
    if (reserved) run.reserved++;
  }
  for (const payout of await payoutsRepository.listPending(deps.db, freelancerId)) {
    if ((await transfer(deps, payout)) === "paid") run.paid++;
    else run.failed++;
  }
  return run;
}

/** The job's charge a transfer draws on: the intent of its succeeded card payment at Stripe, when there is one. */
async function sourceIntentOf(deps: Deps, jobId: number): Promise<string | null> {
  if (deps.payments.name !== "stripe") return null;
  const payments = await paymentsRepository.listForJob(deps.db, jobId);
  const charged = payments.find((payment) => payment.status === "succeeded" && payment.provider === "stripe" && payment.providerPaymentId);
  return charged?.providerPaymentId ?? null;
}

async function transfer(deps: Deps, payout: PayoutRow): Promise<"paid" | "failed"> {
  try {
    const { id } = await deps.payments.createTransfer({
      destination: payout.providerAccountId,
      amount: payout.amountCents,
      currency: "usd",
      transferGroup: payoutKeys.transferGroup(payout.jobId),
      sourceIntentId: await sourceIntentOf(deps, payout.jobId),
      idempotencyKey: payout.idempotencyKey,
      metadata: {
        payoutId: payout.id,
        jobId: String(payout.jobId),
        releaseTransactionId: String(payout.releaseTransactionId),
        ...(payout.storyId && { storyId: payout.storyId }),
      },
    });
    await payoutsRepository.markPaid(deps.db, payout.id, id, deps.now());
    return "paid";
  } catch (error) {
    if (!(error instanceof TransferRefusedError)) throw error;
    deps.logger.warn({ err: error, payoutId: payout.id }, "the provider refused a transfer: its money is available again");
    await undoPayout(deps, payout.id, { from: "pending", status: "failed", reason: error.message, reversedCents: null });
    return "failed";
  }
}

/**
 * Undoes a payout once, in one transaction under its job's lock: the status and reason recorded, and the money that
 * came back returned to the freelancer's available balance by a balanced reversal (paid out → available).
 * @returns whether this call undid it (false: it was not in the `from` status any more)
 */
async function undoPayout(
  deps: Pick<Deps, "db" | "now">,
  payoutId: string,
  change: { from: PayoutStatus; status: "failed" | "reversed"; reason: string | null; reversedCents: number | null },
  trx?: Knex,
): Promise<boolean> {
  const work = async (tx: Knex) => {
    const found = await payoutsRepository.findById(tx, payoutId);
    if (!found) return false;
    await jobsRepository.findById(tx, found.jobId, { forUpdate: true });
    const payout = (await payoutsRepository.findById(tx, payoutId, { forUpdate: true }))!;
    if (payout.status !== change.from) return false;
    const amount = reversedCentsOf(payout.amountCents, change.reversedCents);
    const { transaction } = await postLedgerTransaction(
      tx as Knex.Transaction,
      payoutReversalTransaction({
        jobId: payout.jobId,
        storyId: payout.storyId,
        freelancerId: payout.freelancerId,
        amountCents: amount,
        reference: payoutKeys.ledgerReference(payout.releaseTransactionId),
      }),
      { kind: "provider", id: null },
    );
    return payoutsRepository.markUndone(
      tx,
      payout.id,
      { from: change.from, status: change.status, reason: change.reason, reversedCents: amount, reversalTransactionId: transaction.id },
      deps.now(),
    );
  };
  return trx ? work(trx) : deps.db.transaction(work);
}

/**
 * A Connect event from the provider's webhook (`account.updated`, `transfer.reversed`): recorded in payment_events
 * in the same transaction as its effect, so each event id acts once.
 * @returns whether the event was a duplicate
 */
export async function applyConnectEvent(deps: Deps, event: PaymentEvent): Promise<{ duplicate: boolean }> {
  const connect = event.connect;
  if (!connect) throw new Error(`${event.type} is not a Connect event`);
  const payout = connect.kind === "transfer_reversed" ? await payoutsRepository.findByTransferId(deps.db, connect.transferId) : undefined;
  return deps.db.transaction(async (trx) => {
    // Lock order (payments/lock-order.ts): the job before the event.
    if (payout) await jobsRepository.findById(trx, payout.jobId, { forUpdate: true });
    const isNew = await paymentsRepository.recordEvent(trx, { id: event.id, type: event.type, paymentId: null, payload: event.payload });
    if (!isNew) return { duplicate: true };
    if (connect.kind === "account_updated") await applyAccountUpdated(deps, trx, connect.account);
    else if (payout) {
      await undoPayout(
        deps,
        payout.id,
        {
          from: "paid",
          status: "reversed",
          reason: connect.reason ?? "The transfer was reversed by the payment provider.",
          reversedCents: connect.amountReversed,
        },
        trx,
      );
    } else deps.logger.warn({ eventId: event.id, transferId: connect.transferId }, "transfer.reversed for a transfer we never made");
    return { duplicate: false };
  });
}

/**
 * `GET /api/payouts`: the signed-in freelancer's transfers, newest first.
 * @throws UNAUTHENTICATED; PAYOUTS_DENIED for clients and admins
 */
export async function listMyPayouts(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor | null,
  page: { page: number; perPage: number },
): Promise<{ items: Payout[]; total: number; page: number; perPage: number }> {
  authorizePayouts(actor);
  const { rows, total } = await payoutsRepository.list(deps.db, { freelancerId: actor.id }, { offset: (page.page - 1) * page.perPage, limit: page.perPage });
  return { items: rows, total, page: page.page, perPage: page.perPage };
}

/** What the back office may sort payouts by. */
export const adminPayoutSortColumns = payoutSortColumns;

/** A field the back office sorts payouts by. */
export type AdminPayoutSortField = keyof typeof payoutSortColumns;

/**
 * The back office's `payouts` (and `forgehire payouts:list`): every transfer with its freelancer, job, amount, status
 * and failure reason.
 * @throws ADMIN_ONLY
 */
export async function listPayoutsForAdmin(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  filter: PayoutFilter,
  query: { sort: string; order: "asc" | "desc"; offset: number; limit: number },
): Promise<{ rows: Payout[]; total: number }> {
  authorizeBackOffice(actor, "read", "payouts");
  const column = payoutSortColumns[query.sort] ?? "p.created_at";
  return payoutsRepository.list(deps.db, filter, { offset: query.offset, limit: query.limit, sort: { column, order: query.order } });
}

/**
 * One payout of the back office.
 * @throws ADMIN_ONLY; NOT_FOUND
 */
export async function getPayoutForAdmin(deps: Pick<ServiceDeps, "db">, actor: Actor, id: string): Promise<Payout> {
  authorizeBackOffice(actor, "read", "payouts");
  const { rows } = await payoutsRepository.list(deps.db, { ids: [id] }, { offset: 0, limit: 1 });
  if (!rows[0]) throw domainError("NOT_FOUND");
  return rows[0];
}

/**
 * Whether the freelancer's connected account takes payouts now, for `GET /api/earnings`.
 * @param db the database or a snapshot
 * @param freelancerId the freelancer's user id
 */
export async function payoutsEnabledFor(db: Knex, freelancerId: string): Promise<boolean> {
  return canPayOut(await payoutsRepository.findAccount(db, freelancerId));
}
