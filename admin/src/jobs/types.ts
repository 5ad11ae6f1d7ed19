import type { AdminJobView, ChangeRequest, Job, JobStatus, PaymentStatus, Requirements, Story } from "@forgehire/core";
import type { AdminPayment } from "../payments/types";

/** A row of GET /api/admin/jobs: the portal's job, with `can` for the signed-in admin. */
export type AdminJob = Job;

// Typed by core's unions, so a new status or view fails to compile until it has a label here.
const statusLabels: Record<JobStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  completed: "Completed",
  inactive: "Deleted",
};

const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  pending: "Pending",
  paid: "Paid",
};

/** The dashboard's filter select, in the spec's words. */
const viewLabels: Record<AdminJobView, string> = {
  all: "All Projects",
  in_progress: "In Progress",
  completed: "Completed",
  payment_due: "Payment Due",
  paid: "Paid",
  with_stories: "With Stories",
  with_communication: "With Communication",
};

const toChoices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const jobStatusChoices = toChoices(statusLabels);
/** A job status in words, e.g. 'In Progress'. */
export const jobStatusLabel = (status: JobStatus): string => statusLabels[status];
export const jobPaymentStatusChoices = toChoices(paymentStatusLabels);
export const jobViewChoices = toChoices(viewLabels);

/**
 * How a job is named wherever react-admin refers to one (page titles, references, notifications).
 * @param record the job
 * @returns its title
 */
export const jobRepresentation = (record: AdminJob): string => record.title;

/** GET /api/admin/jobs/:id: the job with everything the back office's job page shows. */
export type AdminJobDetails = AdminJob & {
  requirements: Requirements;
  stories: Story[];
  changeRequests: (ChangeRequest & { createdAt: string })[];
  payments: AdminPayment[];
  activity: { action: string; actorId: string | null; details: Record<string, unknown>; createdAt: string }[];
};
