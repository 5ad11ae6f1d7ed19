import { jobStatusLabels, paymentStatusLabels, type AdminJob, type AdminJobView, type JobStatus } from "@forgehire/core";
import { toChoices } from "../choices";

/** The dashboard's filter select, in the spec's words (a back-office screen only, so worded here). */
const viewLabels: Record<AdminJobView, string> = {
  all: "All Projects",
  in_progress: "In Progress",
  completed: "Completed",
  payment_due: "Payment Due",
  paid: "Paid",
  with_stories: "With Stories",
  with_communication: "With Communication",
};

export const jobStatusChoices = toChoices(jobStatusLabels);
/** A job status in words, e.g. 'In Progress'. */
export const jobStatusLabel = (status: JobStatus): string => jobStatusLabels[status];
export const jobPaymentStatusChoices = toChoices(paymentStatusLabels);
export const jobViewChoices = toChoices(viewLabels);

/**
 * How a job is named wherever react-admin refers to one (page titles, references, notifications).
 * @param record the job
 * @returns its title
 */
export const jobRepresentation = (record: AdminJob): string => record.title;
