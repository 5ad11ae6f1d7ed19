/**
 * The review rules, declared once (issue 19, "Reviews"): when a job is completed its client reviews the assigned
 * freelancer and the freelancer reviews the client, one review each, 1–5 stars and 20–2,000 characters. A review is
 * hidden from the other party and the public until both are in or 14 days have passed since the job's completion,
 * then whatever was written is published, so neither can answer the other's review. Its author may edit it for 48
 * hours while it is not published yet (once published, the other party has read it). The reviewed party may post one
 * public reply; an admin may hide a review with a reason (kept, shown to admins); nobody deletes one.
 *
 * Publication is a timestamp, not a job: the first review is written with `publishedAt` = the job's completion + 14
 * days; the second moves both to the moment it is written. "Published" is `publishedAt <= now`, decided at read time,
 * by the SQL for lists (an indexed range) and by `isPublished` here.
 */
import { refusalOf, type ErrorCode, type Refusal } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";
import { isAssignedFreelancer, isDeleted, isOwner, type JobState } from "../policies/job-state.js";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The numbers of the rules. */
export const reviewLimits = {
  minRating: 1,
  maxRating: 5,
  minTextLength: 20,
  maxTextLength: 2_000,
  maxReplyLength: 2_000,
  maxHideReasonLength: 500,
  /** how long after posting its author may still edit it (while it is not published) */
  editWindowMs: 48 * HOUR_MS,
  /** after the job's completion: the reviews still missing can no longer be written, and what was written is published */
  publishAfterMs: 14 * DAY_MS,
} as const;

/**
 * Who wrote a review, which says whom it is about: `client` (the job's owner, about its assigned freelancer) or
 * `freelancer` (the assigned freelancer, about the client).
 */
export const reviewRoles = ["client", "freelancer"] as const;
export type ReviewRole = (typeof reviewRoles)[number];

/** What the rules read of a job. */
export type ReviewJobState = Pick<JobState, "ownerId" | "freelancerId" | "status"> & { completedAt: Date | string | null };

/** What the rules read of a review. */
export interface ReviewState {
  authorId: string;
  subjectId: string;
  createdAt: Date | string;
  publishedAt: Date | string;
  hiddenAt: Date | string | null;
  reply: string | null;
}

/** A rule's answer: allowed, or the refusal the API answers with. */
export type ReviewDecision<T = object> = ({ allowed: true } & T) | { allowed: false; refusal: Refusal };

const time = (value: Date | string) => new Date(value).getTime();
const refuse = (refusal: ErrorCode | Refusal): { allowed: false; refusal: Refusal } => ({
  allowed: false,
  refusal: typeof refusal === "string" ? refusalOf(refusal) : refusal,
});

/**
 * The moment the reviews of a completed job are published whatever is missing, which is also when the window to
 * write one closes.
 * @param job the job (completed)
 * @returns completion + 14 days, or null for a job not completed
 */
export function reviewDeadline(job: Pick<ReviewJobState, "completedAt" | "status">): Date | null {
  if (job.status !== "completed" || job.completedAt === null) return null;
  return new Date(time(job.completedAt) + reviewLimits.publishAfterMs);
}

/**
 * Rule "published when both are in or 14 days after completion": when a review being written is published.
 * @param job the completed job
 * @param otherIsIn whether the other party's review is already in
 * @param now the clock
 * @returns now when the other review is in (both are now in), else the job's review deadline
 */
export function publicationTime(job: Pick<ReviewJobState, "completedAt" | "status">, otherIsIn: boolean, now: Date): Date {
  const deadline = reviewDeadline(job) ?? now;
  return otherIsIn || deadline.getTime() < now.getTime() ? now : deadline;
}

/**
 * Whether a review is published: its publication time has come (the SQL's `published_at <= now`).
 * @param review the review
 * @param now the clock
 * @returns true once published
 */
export function isPublished(review: Pick<ReviewState, "publishedAt">, now: Date): boolean {
  return time(review.publishedAt) <= now.getTime();
}

/**
 * Rule "who may review whom": the job's owner reviews its assigned freelancer (role client), the assigned freelancer
 * reviews the owner (role freelancer); nobody else writes a review on the job, admins included.
 * @param actor the signed-in person
 * @param job the job
 * @returns the author's role and the subject, or null for anyone else
 */
export function reviewPartyOf(actor: Pick<Actor, "id">, job: Pick<ReviewJobState, "ownerId" | "freelancerId">): { role: ReviewRole; subjectId: string } | null {
  if (job.freelancerId === null) return null;
  if (isOwner(actor, job) && job.freelancerId !== actor.id) return { role: "client", subjectId: job.freelancerId };
  if (isAssignedFreelancer(actor, job)) return { role: "freelancer", subjectId: job.ownerId };
  return null;
}

const notCompleted: Refusal = {
  code: "REVIEW_NOT_OPEN",
  title: "Not Completed",
  message: "Reviews open once the project is completed.",
};

/**
 * Rules "who may review whom", "job completed", "within 14 days of completion" and "one per author per job".
 * @param actor the signed-in person, or null when signed out
 * @param job the job
 * @param existing whether the actor has already reviewed this job
 * @param now the clock
 * @returns allowed with the role and subject, or the refusal
 */
export function decideWriteReview(
  actor: Actor | null | undefined,
  job: ReviewJobState,
  existing: boolean,
  now: Date,
): ReviewDecision<{ role: ReviewRole; subjectId: string }> {
  if (!actor) return refuse("UNAUTHENTICATED");
  if (isDeleted(job)) return refuse("JOB_NOT_FOUND");
  const party = reviewPartyOf(actor, job);
  if (!party) return refuse("REVIEW_NOT_ALLOWED");
  if (job.status !== "completed") return refuse(notCompleted);
  const deadline = reviewDeadline(job);
  if (deadline && deadline.getTime() <= now.getTime()) return refuse("REVIEW_WINDOW_CLOSED");
  if (existing) return refuse("ALREADY_REVIEWED");
  return { allowed: true, ...party };
}

/**
 * Rule "editable by its author for 48 hours after posting, while not published".
 * @param actor the signed-in person, or null when signed out
 * @param review the review
 * @param now the clock
 * @returns allowed, or the refusal
 */
export function decideEditReview(actor: Actor | null | undefined, review: ReviewState, now: Date): ReviewDecision {
  if (!actor) return refuse("UNAUTHENTICATED");
  if (review.authorId !== actor.id) return refuse("REVIEW_EDIT_DENIED");
  if (review.hiddenAt !== null)
    return refuse({ ...refusalOf("REVIEW_EDIT_WINDOW_CLOSED"), message: "This review was hidden by an admin and can no longer be edited." });
  if (isPublished(review, now))
    return refuse({
      ...refusalOf("REVIEW_EDIT_WINDOW_CLOSED"),
      message: "This review is published: the other party can read it, so it can no longer be edited.",
    });
  if (now.getTime() - time(review.createdAt) >= reviewLimits.editWindowMs) return refuse("REVIEW_EDIT_WINDOW_CLOSED");
  return { allowed: true };
}

/**
 * Rule "one public reply by the reviewed party", on a published review that is not hidden.
 * @param actor the signed-in person, or null when signed out
 * @param review the review
 * @param now the clock
 * @returns allowed, or the refusal
 */
export function decideReplyToReview(actor: Actor | null | undefined, review: ReviewState, now: Date): ReviewDecision {
  if (!actor) return refuse("UNAUTHENTICATED");
  if (review.subjectId !== actor.id) return refuse("REPLY_DENIED");
  if (!isPublished(review, now) || review.hiddenAt !== null) return refuse("REVIEW_NOT_PUBLISHED");
  if (review.reply !== null) return refuse("ALREADY_REPLIED");
  return { allowed: true };
}

/**
 * Rule "admins hide a review with a reason; nobody deletes one": hiding is once (the first reason stays).
 * @param actor the signed-in person, or null when signed out
 * @param review the review
 * @returns allowed, or the refusal
 */
export function decideHideReview(actor: Actor | null | undefined, review: Pick<ReviewState, "hiddenAt">): ReviewDecision {
  if (!actor) return refuse("UNAUTHENTICATED");
  if (!isAdmin(actor)) return refuse("ADMIN_ONLY");
  if (review.hiddenAt !== null) return refuse("REVIEW_ALREADY_HIDDEN");
  return { allowed: true };
}

/**
 * Rule "hidden from the other party and the public until published": who may read a review. Its author always
 * (their own words); admins always (hidden ones too, with the reason); anyone else once it is published and not
 * hidden by an admin.
 * @param actor the signed-in person, or null when signed out
 * @param review the review
 * @param now the clock
 * @returns true when the actor may read it
 */
export function canReadReview(actor: Pick<Actor, "id" | "userType" | "roleType"> | null | undefined, review: ReviewState, now: Date): boolean {
  if (actor && (isAdmin(actor) || review.authorId === actor.id)) return true;
  return isPublished(review, now) && review.hiddenAt === null;
}

/**
 * Rule "rating 1–5, a whole number".
 * @param rating the rating as sent
 * @returns the refusal's message, or null when valid
 */
export function ratingProblem(rating: unknown): string | null {
  if (typeof rating !== "number" || !Number.isInteger(rating) || rating < reviewLimits.minRating || rating > reviewLimits.maxRating)
    return `The rating must be a whole number of stars from ${reviewLimits.minRating} to ${reviewLimits.maxRating}.`;
  return null;
}

/**
 * Rule "text 20–2,000 characters, trimmed" (counted in characters as a person sees them, not UTF-16 units).
 * @param text the text as sent
 * @returns the refusal's message, or null when valid
 */
export function reviewTextProblem(text: string): string | null {
  const length = [...text.trim()].length;
  if (length < reviewLimits.minTextLength) return `A review needs at least ${reviewLimits.minTextLength} characters (${length} now).`;
  if (length > reviewLimits.maxTextLength) return `A review can have at most ${reviewLimits.maxTextLength.toLocaleString("en-US")} characters (${length} now).`;
  return null;
}

/**
 * The average shown for a rating: one decimal.
 * @param ratings the published ratings
 * @returns the average rounded to one decimal and the count; average null when there are none
 */
export function ratingSummary(ratings: readonly number[]): { average: number | null; count: number } {
  if (ratings.length === 0) return { average: null, count: 0 };
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}

/** What the job's Review card shows a party: their review, the other's once published, and what they may do. */
export interface ReviewPanelState<R extends ReviewState> {
  /** the author's role the actor writes as; null when the actor is no party (admins) */
  role: ReviewRole | null;
  mine: R | null;
  /** the other party's review: null until published (admins see it at once) */
  theirs: R | null;
  /** whether the other party's review is in (without what it says) */
  theirsIsIn: boolean;
  canReview: boolean;
  /** why the actor may not write one now */
  why: Refusal | null;
  canEdit: boolean;
  whyNotEdit: Refusal | null;
  /** until when the author may edit their review */
  editableUntil: Date | null;
  /** when the reviews publish whatever is missing (completion + 14 days); null before completion */
  deadline: Date | null;
}

/**
 * The job's Review card for the actor, from the same decisions the endpoints take.
 * @param actor the signed-in person
 * @param job the job
 * @param reviews the job's reviews (zero to two)
 * @param now the clock
 * @returns the panel
 */
export function reviewPanel<R extends ReviewState>(actor: Actor, job: ReviewJobState, reviews: readonly R[], now: Date): ReviewPanelState<R> {
  const party = reviewPartyOf(actor, job);
  const mine = reviews.find((review) => review.authorId === actor.id) ?? null;
  const other = reviews.find((review) => review.authorId !== actor.id) ?? null;
  const write = decideWriteReview(actor, job, mine !== null, now);
  const edit = mine ? decideEditReview(actor, mine, now) : null;
  return {
    role: party?.role ?? null,
    mine,
    theirs: other && (isAdmin(actor) || canReadReview(actor, other, now)) ? other : null,
    theirsIsIn: other !== null,
    canReview: write.allowed,
    why: write.allowed ? null : write.refusal,
    canEdit: edit?.allowed ?? false,
    whyNotEdit: edit && !edit.allowed ? edit.refusal : null,
    editableUntil: mine ? new Date(time(mine.createdAt) + reviewLimits.editWindowMs) : null,
    deadline: reviewDeadline(job),
  };
}
