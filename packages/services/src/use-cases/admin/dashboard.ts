import {
  authorizeBackOffice,
  ADMIN_CHART_WEEKS,
  adminJobViewCriteria,
  lastWeekStarts,
  fromCents,
  zeroFillWeeks,
  type Actor,
  type AdminAttention,
  type AdminCharts,
  type AdminStats,
} from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { adminDashboardRepository } from "../../repositories/admin-dashboard.js";
import { adminMoneyRepository } from "../../repositories/admin-money.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { adminListsRepository } from "../../repositories/admin-lists.js";
import { disputesRepository } from "../../repositories/disputes.js";
import { paymentsRepository } from "../../repositories/payments.js";

/**
 * The dashboard's counters: live jobs in each of the job list's views, counted by the same criteria the list
 * filters with, so a counter always equals the length of the list it links to; and the money held in escrow, in
 * review and in dispute, from the ledger and the stories' milestones.
 * @param deps database
 * @param actor an admin
 * @returns the seven counters and the three money figures (whole cents)
 * @throws ADMIN_ONLY for anyone else
 */
export async function getAdminStats(deps: Pick<ServiceDeps, "db">, actor: Actor): Promise<AdminStats> {
  authorizeBackOffice(actor, "read", "dashboard");
  const count = (view: Parameters<typeof adminJobViewCriteria>[0]) => jobsRepository.countLive(deps.db, adminJobViewCriteria(view));
  const [total, inProgress, completed, paymentDue, paid, withStories, withCommunication, money] = await Promise.all([
    count("all"),
    count("in_progress"),
    count("completed"),
    count("payment_due"),
    count("paid"),
    count("with_stories"),
    count("with_communication"),
    adminMoneyRepository.totals(deps.db),
  ]);
  return { total, inProgress, completed, paymentDue, paid, withStories, withCommunication, ...money };
}

/** The statuses the job chart shows: every live one, in the order of a job's life. */
const chartStatuses = ["open", "in_progress", "completed"] as const;

/**
 * The dashboard's charts over the last 12 weeks (Mondays, UTC), every week present, zero when nothing happened.
 * @param deps database, clock
 * @param actor an admin
 * @returns live jobs by status, money received per week in dollars, jobs posted per week
 * @throws ADMIN_ONLY for anyone else
 */
export async function getAdminCharts(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor): Promise<AdminCharts> {
  authorizeBackOffice(actor, "read", "dashboard");
  const weeks = lastWeekStarts(deps.now(), ADMIN_CHART_WEEKS);
  const since = new Date(`${weeks[0]}T00:00:00Z`);
  const [byStatus, posted, revenue] = await Promise.all([
    adminDashboardRepository.countLiveJobsByStatus(deps.db),
    adminDashboardRepository.countJobsPostedByWeek(deps.db, since),
    adminDashboardRepository.sumSucceededPaymentsByWeek(deps.db, since),
  ]);
  return {
    jobsByStatus: chartStatuses.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    revenueByWeek: zeroFillWeeks(weeks, revenue).map(({ week, value }) => ({ week, amount: fromCents(value) })),
    newJobsByWeek: zeroFillWeeks(weeks, posted).map(({ week, value }) => ({ week, count: value })),
  };
}

/** A list's total without its rows: the first row only, so the count is the list's own query. */
const totalOnly = { order: "desc" as const, offset: 0, limit: 1 };

/**
 * What waits for an admin, for the dashboard's "Needs attention" and the menu's badges: each count is the total of
 * the back-office list it links to, read through that list's own repository query and filter, so the two never
 * disagree (failed e-mails, payments to refund, pending change requests, overdue reviews, open disputes).
 * @param deps database, clock (a review is overdue once its due time is past now)
 * @param actor an admin
 * @throws ADMIN_ONLY for anyone else
 */
export async function getAdminAttention(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor): Promise<AdminAttention> {
  authorizeBackOffice(actor, "read", "dashboard");
  const [failedEmails, paymentsToRefund, pendingChangeRequests, overdueReviews, openDisputes] = await Promise.all([
    adminListsRepository.listEmails(deps.db, { status: "failed" }, { ...totalOnly, sort: "createdAt" }),
    paymentsRepository.list(deps.db, { ...totalOnly, sort: "createdAt", status: "needs_refund" }),
    adminListsRepository.listChangeRequests(deps.db, { status: "pending" }, { ...totalOnly, sort: "createdAt" }),
    adminMoneyRepository.listDeliveries(deps.db, { status: "in_review", reviewDueBefore: deps.now() }, { ...totalOnly, sort: "reviewDueAt" }),
    disputesRepository.list(deps.db, { status: "open" }, { ...totalOnly, sort: "openedAt" }),
  ]);
  return {
    failedEmails: failedEmails.total,
    paymentsToRefund: paymentsToRefund.total,
    pendingChangeRequests: pendingChangeRequests.total,
    overdueReviews: overdueReviews.total,
    openDisputes: openDisputes.total,
  };
}
