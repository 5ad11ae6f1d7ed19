/**
 * Every status and type in words, once, for the portal and the back office alike. The spec's screens word them in
 * Title Case ('In Progress', 'Payment Due'); where the two faces disagreed, the portal's wording (the spec's) won.
 * Each table is a Record over its enum, so a new value does not compile until it is worded here, and labels.test.ts
 * checks every value of every enum again at run time.
 */
import type { BreakdownRunStatus } from "./schemas/breakdown.js";
import type { ChangeRequestStatus } from "./schemas/breakdown.js";
import type { EmailStatus } from "./schemas/admin.js";
import type { Priority, TaskStatus } from "./breakdown/types.js";
import type { JobStatus, PaymentStatus } from "./policies/job-state.js";
import type { PaymentAttemptStatus } from "./payments/payments.js";
import type { RoleType, UserType } from "./users.js";
import type { DeliveryStatus } from "./lifecycle/delivery.js";
import type { LedgerTransactionKind } from "./ledger/transactions.js";
import type { DisputeOpener, DisputeStatus } from "./schemas/disputes.js";

/** A job's status; inactive is the soft delete, shown as the portal shows it. */
export const jobStatusLabels: Record<JobStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  completed: "Completed",
  inactive: "Inactive",
};

/** A job's payment status (the portal's indicator prefixes 'Payment: '). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  pending: "Pending",
  paid: "Paid",
};

/** One payment attempt's state (the back office's payments). */
export const paymentAttemptStatusLabels: Record<PaymentAttemptStatus, string> = {
  requires_payment: "Requires Payment",
  processing: "Processing",
  succeeded: "Succeeded",
  failed: "Failed",
  canceled: "Canceled",
  needs_refund: "Needs Refund",
  refunded: "Refunded",
};

/** A task's status, as the edit form and the project status table show it. */
export const taskStatusLabels: Record<TaskStatus, string> = {
  todo: "To Do",
  in_progress: "In Progress",
  clarification: "Clarification",
  done: "Done",
};

/** A story's or task's priority. */
export const priorityLabels: Record<Priority, string> = {
  high: "High",
  medium: "Medium",
  low: "Low",
};

/** A change request's status. */
export const changeRequestStatusLabels: Record<ChangeRequestStatus, string> = {
  pending: "Pending",
  quoted: "Quoted",
  paid: "Paid",
  declined: "Declined",
};

/** An outbox message's status; a queued message that failed an attempt is shown as retrying by whoever reads `error`. */
export const emailStatusLabels: Record<EmailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  logged: "Logged (no SMTP)",
};

/** A breakdown run's status. */
export const breakdownRunStatusLabels: Record<BreakdownRunStatus, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
};

/** A kind of account. */
export const userTypeLabels: Record<UserType, string> = {
  client: "Client",
  freelancer: "Freelancer",
  admin: "Admin",
};

/** The spec's role_type. */
export const roleTypeLabels: Record<RoleType, string> = {
  regular: "Regular",
  job_poster: "Job Poster",
  freelancer: "Freelancer",
  admin: "Admin",
};

/** A story's delivery (the back office's deliveries). */
export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  building: "Building",
  in_review: "In Review",
  changes_requested: "Changes Requested",
  approved: "Approved",
  disputed: "Disputed",
};

/** What moved money in the ledger (the back office's ledger transactions). */
export const ledgerTransactionKindLabels: Record<LedgerTransactionKind, string> = {
  payment_captured: "Payment Captured",
  release: "Release",
  refund: "Refund",
  payout: "Payout",
};

/** A dispute's status. */
export const disputeStatusLabels: Record<DisputeStatus, string> = {
  open: "Open",
  resolved: "Resolved",
};

/** Who opened a dispute. */
export const disputeOpenerLabels: Record<DisputeOpener, string> = {
  party: "Client or freelancer",
  provider: "Card provider (chargeback)",
};
