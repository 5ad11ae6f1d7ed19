/**
 * Request and response schemas of the back office (API.md "Back office"): the ra-data-simple-rest list query,
 * the job views, the dashboard counters and admin e-mail.
 */
import { z } from "zod";
import { errorCatalogue } from "../errors.js";
import { jobStatuses } from "../policies/job-state.js";
import { inputString, jobId, MAX_LIST_OFFSET } from "./common.js";

const FILL_ALL = errorCatalogue.FILL_ALL_FIELDS.message;

/** The back-office resources, as `/api/admin/:resource` names them. */
export const adminResources = [
  "jobs",
  "users",
  "freelancers",
  "stories",
  "tasks",
  "change-requests",
  "chat-rooms",
  "messages",
  "payments",
  "emails",
  "disputes",
  "deliveries",
  "ledger-transactions",
] as const;

/** One back-office resource. */
export type AdminResource = (typeof adminResources)[number];

/** The dashboard's job views (its filter select). */
export const adminJobViews = ["all", "in_progress", "completed", "payment_due", "paid", "with_stories", "with_communication"] as const;

/** One job view of the dashboard. */
export type AdminJobView = (typeof adminJobViews)[number];

/** Parses a JSON query parameter, reporting bad JSON as a field error rather than throwing. */
const jsonParam = <T extends z.ZodType>(inner: T, message: string) =>
  inputString()
    .transform((raw, context) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
    })
    .pipe(inner);

/** The query of a back-office list (ra-data-simple-rest), e.g. `sort=["createdAt","DESC"]&range=[0,24]&filter={"q":"shop"}`. */
export const adminListQuery = z.object({
  /** [field, "ASC" | "DESC"]; the field is checked against each resource's sortable columns by the server */
  sort: jsonParam(z.tuple([inputString().min(1).max(100), z.enum(["ASC", "DESC"])]), 'sort must look like ["field","ASC"]').default(["createdAt", "DESC"]),
  /** [first, last] row index, inclusive, at most 1000 rows at once */
  range: jsonParam(
    z
      .tuple([z.number().int().min(0).max(MAX_LIST_OFFSET), z.number().int().min(0).max(MAX_LIST_OFFSET)])
      .refine(([first, last]) => last >= first && last - first < 1_000, "range must be [first,last] with at most 1000 rows"),
    "range must look like [0,24]",
  ).default([0, 24]),
  /** search text `q`, a job `view`, `id` lists for getMany, or column values */
  filter: jsonParam(z.record(inputString(), z.unknown()), 'filter must look like {"q":"text"}').default({}),
});
/** What a handler receives once `adminListQuery` has parsed the input. */
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** The job filter of the back office's job list. */
export const adminJobFilter = z.object({
  /** words to look for in the title or the poster's name */
  q: inputString().trim().max(200).optional(),
  /** one of the dashboard's views */
  view: z.enum(adminJobViews, { error: "Unknown view" }).default("all"),
  /** ids for getMany */
  id: z.array(jobId).max(1_000).optional(),
});
/** The shape `adminJobFilter` describes. */
export type AdminJobFilter = z.infer<typeof adminJobFilter>;

/** POST /api/admin/emails: blank subject or message is 'Please fill in all fields'. */
export const adminEmailBody = z.object({
  /** the job whose poster receives the e-mail */
  jobId,
  /** e.g. 'Regarding your project: {title}' */
  subject: inputString({ error: FILL_ALL }).trim().min(1, FILL_ALL).max(300, "At most 300 characters"),
  /** the e-mail's text */
  message: inputString({ error: FILL_ALL }).trim().min(1, FILL_ALL).max(20_000, "At most 20000 characters"),
});
/** What a handler receives once `adminEmailBody` has parsed the input. */
export type AdminEmailBody = z.infer<typeof adminEmailBody>;

/** The body of `GET /api/admin/stats`: the dashboard counters. */
export const adminStatsSchema = z.object({
  total: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  paymentDue: z.number().int(),
  paid: z.number().int(),
  withStories: z.number().int(),
  withCommunication: z.number().int(),
  /** money in escrow: every job's escrow balance in the ledger, whole cents */
  heldCents: z.number().int(),
  /** the milestones of the stories in review, whole cents */
  inReviewCents: z.number().int(),
  /** the milestones of the disputed stories, held until an admin resolves them, whole cents */
  disputedCents: z.number().int(),
});
/** The shape `adminStatsSchema` describes. */
export type AdminStats = z.infer<typeof adminStatsSchema>;

/**
 * The body of `GET /api/admin/stats/attention`: what waits for an admin, each count equal to the length of the list
 * it links to (the dashboard's "Needs attention" and the menu's badges).
 */
export const adminAttentionSchema = z.object({
  /** e-mails failed after their last attempt (emails, status failed) */
  failedEmails: z.number().int(),
  /** card payments to give back (payments, needsRefund) */
  paymentsToRefund: z.number().int(),
  /** change requests waiting for a quote (change-requests, status pending) */
  pendingChangeRequests: z.number().int(),
  /** stories in review whose review time is past (deliveries, status in_review, overdue) */
  overdueReviews: z.number().int(),
  /** disputes not yet resolved (disputes, status open) */
  openDisputes: z.number().int(),
});
/** The shape `adminAttentionSchema` describes. */
export type AdminAttention = z.infer<typeof adminAttentionSchema>;

/**
 * Where an outbox message stands: queued until an attempt succeeds (a queued message with an error is being
 * retried), sent, failed after the last attempt, or logged when the site has no mail server.
 */
export const emailStatuses = ["queued", "sent", "failed", "logged"] as const;
/** The status of an outbox message. */
export type EmailStatus = (typeof emailStatuses)[number];

/** The part of `POST /api/admin/emails`'s answer that the 'Send Email' dialog reads. */
export const adminEmailResultSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(emailStatuses),
});
/** The shape `adminEmailResultSchema` describes. */
export type AdminEmailResult = z.infer<typeof adminEmailResultSchema>;

/**
 * The default subject of the admin e-mail dialog.
 * @param jobTitle the job's title
 * @returns 'Regarding your project: {title}'
 */
export function adminEmailSubject(jobTitle: string): string {
  return `Regarding your project: ${jobTitle}`;
}

/** The body of `GET /api/admin/stats/charts`: the dashboard's charts over the last 12 weeks, zero-filled. */
export const adminChartsSchema = z.object({
  /** live jobs per status (open, in_progress, completed), every status listed */
  jobsByStatus: z.array(z.object({ status: z.enum(jobStatuses), count: z.number().int() })),
  /** succeeded payments per week (Monday, UTC), in dollars */
  revenueByWeek: z.array(z.object({ week: z.string(), amount: z.number() })),
  /** jobs posted per week (Monday, UTC), deleted ones included: they were posted that week */
  newJobsByWeek: z.array(z.object({ week: z.string(), count: z.number().int() })),
});
/** The shape `adminChartsSchema` describes. */
export type AdminCharts = z.infer<typeof adminChartsSchema>;

/** How many weeks the dashboard's charts cover. */
export const ADMIN_CHART_WEEKS = 12;

/** PUT /api/admin/users/:id: what the back office may change on an account (the email never changes). */
export const adminUserUpdateBody = z.object({
  /** the first name; not blank */
  firstName: inputString().trim().min(1, "First name is required").max(100, "At most 100 characters").optional(),
  /** the last name; not blank */
  lastName: inputString().trim().min(1, "Last name is required").max(100, "At most 100 characters").optional(),
  /** client, freelancer or admin; the role type follows it, and a change ends the account's sessions and sockets */
  userType: z.enum(["client", "freelancer", "admin"], { error: "Unknown user type" }).optional(),
  /** true ends the account's sessions and refuses its logins */
  disabled: z.boolean({ error: "Must be true or false" }).optional(),
});
/** What a handler receives once `adminUserUpdateBody` has parsed the input. */
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBody>;
