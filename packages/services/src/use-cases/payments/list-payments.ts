import { authorizeViewPayments, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { reconcilePayments, type ReconcileReport } from "./reconcile-payments.js";

type Deps = Pick<ServiceDeps, "db">;

/**
 * A job's payment attempts, oldest first.
 * @throws JOB_NOT_FOUND; PAYMENT_ACCESS_DENIED for anyone but the owner and admins
 */
export async function listJobPayments(deps: Deps, actor: Actor, jobId: number): Promise<PaymentRow[]> {
  const job = await loadLiveJob(deps.db, jobId);
  authorizeViewPayments(actor, job);
  return paymentsRepository.listForJob(deps.db, jobId);
}

/**
 * Reconciles one job's unsettled attempts (the payment page does so when the client returns to it).
 * @throws JOB_NOT_FOUND; PAYMENT_ACCESS_DENIED for anyone but the owner and admins
 */
export async function reconcileJobPayments(
  deps: Pick<ServiceDeps, "db" | "now" | "payments" | "logger" | "mailer" | "config" | "realtime">,
  actor: Actor,
  jobId: number,
): Promise<ReconcileReport> {
  const job = await loadLiveJob(deps.db, jobId);
  authorizeViewPayments(actor, job);
  return reconcilePayments(deps, { jobId });
}
