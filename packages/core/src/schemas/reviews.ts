/**
 * Request and response schemas of reviews (API.md "Receipts, reviews and notifications"), shared by the server and
 * the portal. The rules' own refusals (INVALID_RATING, INVALID_REVIEW_TEXT) come from `readReviewBody`, so a bad
 * rating answers with its own code rather than a generic VALIDATION.
 */
import { z } from "zod";
import { domainError } from "../errors.js";
import { ratingProblem, reviewLimits, reviewRoles, reviewTextProblem } from "../reviews/reviews.js";
import { inputString } from "./common.js";

/** The rating and text of a review, as the portal's form checks them before sending. */
export const reviewBody = z.object({
  rating: z.number().int("Choose 1 to 5 stars").min(reviewLimits.minRating, "Choose 1 to 5 stars").max(reviewLimits.maxRating, "Choose 1 to 5 stars"),
  text: inputString()
    .trim()
    .refine((text) => reviewTextProblem(text) === null, { message: `Between ${reviewLimits.minTextLength} and 2,000 characters` }),
});
/** `POST /api/jobs/:id/reviews`. */
export type ReviewBody = z.infer<typeof reviewBody>;
/** `PATCH /api/reviews/:id`: either or both. */
export type ReviewEditBody = Partial<ReviewBody>;

const objectOf = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * Reads a review's body with the rules' own refusals.
 * @param body the request body
 * @param options partial: an edit, where each field is optional but at least one is needed
 * @returns the rating and the trimmed text
 * @throws INVALID_RATING, INVALID_REVIEW_TEXT (with `fields`)
 */
export function readReviewBody(body: unknown, options: { partial?: boolean } = {}): ReviewEditBody {
  const input = objectOf(body);
  const out: ReviewEditBody = {};
  if (!options.partial || input.rating !== undefined) {
    const problem = ratingProblem(input.rating);
    if (problem) throw domainError("INVALID_RATING", { message: problem, fields: { rating: problem } });
    out.rating = input.rating as number;
  }
  if (!options.partial || input.text !== undefined || out.rating === undefined) {
    const text = typeof input.text === "string" && !input.text.includes("\u0000") ? input.text.trim() : "";
    const problem = reviewTextProblem(text);
    if (problem) throw domainError("INVALID_REVIEW_TEXT", { message: problem, fields: { text: problem } });
    out.text = text;
  }
  return out;
}

/** `POST /api/reviews/:id/reply`. A blank reply is the use case's EMPTY_REPLY. */
export const reviewReplyBody = z.object({
  text: inputString().trim().max(reviewLimits.maxReplyLength, `At most ${reviewLimits.maxReplyLength} characters`).default(""),
});
export type ReviewReplyBody = z.infer<typeof reviewReplyBody>;

/** `POST /api/admin/reviews/:id/hide` and the CLI's `reviews:hide --reason`. A blank reason is HIDE_REASON_REQUIRED. */
export const hideReviewBody = z.object({
  reason: inputString().trim().max(reviewLimits.maxHideReasonLength, `At most ${reviewLimits.maxHideReasonLength} characters`).default(""),
});
export type HideReviewBody = z.infer<typeof hideReviewBody>;

/** A freelancer's rating: the average of their published, visible reviews (one decimal) and how many. */
export const ratingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type Rating = z.infer<typeof ratingSchema>;

/** A published review as the profile shows it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  reply: z.string().nullable(),
  replyAt: z.string().nullable(),
  createdAt: z.string(),
  authorName: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A page of a profile's published reviews, newest first. */
export const reviewPageSchema = z.object({ items: z.array(publicReviewSchema), nextCursor: z.string().nullable() });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** A refusal as `why` carries it. */
const refusalSchema = z.object({ code: z.string(), title: z.string(), message: z.string() });

/** A review as its job's parties (and admins) see it on the job. */
export const jobReviewSchema = z.object({
  id: z.string(),
  jobId: z.number().int(),
  role: z.enum(reviewRoles),
  authorId: z.string(),
  authorName: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  reply: z.string().nullable(),
  replyAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string(),
  published: z.boolean(),
  hidden: z.boolean(),
});
export type JobReview = z.infer<typeof jobReviewSchema>;

/** `GET /api/jobs/:id/reviews`: the job's Review card, computed by the server's rules. */
export const jobReviewsSchema = z.object({
  role: z.enum(reviewRoles).nullable(),
  otherPartyName: z.string().nullable(),
  mine: jobReviewSchema.nullable(),
  theirs: jobReviewSchema.nullable(),
  theirsIsIn: z.boolean(),
  canReview: z.boolean(),
  why: refusalSchema.nullable(),
  canEdit: z.boolean(),
  whyNotEdit: refusalSchema.nullable(),
  editableUntil: z.string().nullable(),
  deadline: z.string().nullable(),
  limits: z.object({ minTextLength: z.number(), maxTextLength: z.number(), editWindowHours: z.number(), publishAfterDays: z.number() }),
});
export type JobReviews = z.infer<typeof jobReviewsSchema>;

/** A review in the back office: everything, hidden ones with their reason. */
export const adminReviewSchema = jobReviewSchema.extend({
  jobTitle: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenBy: z.string().nullable(),
  hiddenByName: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** The directory's sort orders: creation order (the default) or best rated first (then most reviewed). */
export const directorySorts = ["created", "rating"] as const;
export type DirectorySort = (typeof directorySorts)[number];
