import { authorizeViewJobMoney, canViewJobMoney, jobMoneySums, ledgerAccountName, type Actor, type JobMoneyBody, type JobMoneySums } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import type { JobRecord } from "../../repositories/jobs.js";
import { ledgerRepository } from "../../repositories/ledger.js";
import { loadLiveJob } from "../jobs/job-details.js";

/**
 * A job's money for `GET /api/jobs/:id/money`: paid, held, released, refunded and fees, with every entry of the
 * job's ledger transactions, oldest first.
 * @param deps the database
 * @param actor the signed-in person: the job's owner, its assigned freelancer or an admin
 * @param jobId the job
 * @returns the sums and the entries
 * @throws JOB_NOT_FOUND for an unknown or deleted job; MONEY_ACCESS_DENIED for anyone else
 */
export async function getJobMoney(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<JobMoneyBody> {
  const job = await loadLiveJob(deps.db, jobId);
  authorizeViewJobMoney(actor, job);
  const transactions = await ledgerRepository.listForJob(deps.db, jobId);
  return {
    ...jobMoneySums(jobId, transactions),
    entries: transactions.flatMap((transaction) =>
      transaction.entries.map((entry) => ({
        transactionId: transaction.id,
        account: ledgerAccountName(entry.account),
        amountCents: entry.amountCents,
        kind: transaction.kind,
        createdAt: transaction.createdAt.toISOString(),
      })),
    ),
  };
}

/**
 * A job's money sums for its details, when the actor may see them (the owner, the assigned freelancer, admins).
 * @param deps the database
 * @param actor the signed-in person
 * @param job the job, already loaded
 * @returns the sums, or undefined for anyone else (the job's details then carry no `money`)
 */
export async function jobMoneyFor(deps: Pick<ServiceDeps, "db">, actor: Actor, job: JobRecord): Promise<JobMoneySums | undefined> {
  if (!canViewJobMoney(actor, job)) return undefined;
  return jobMoneySums(job.id, await ledgerRepository.listForJob(deps.db, job.id));
}
