import {
  authorizeBackOffice,
  canViewJobMoney,
  decideEditReview,
  displayName,
  decideHideReview,
  decideReplyToReview,
  decideWriteReview,
  domainError,
  publicationTime,
  refusalError,
  reviewPanel,
  type Actor,
  type ReviewEditBody,
  type ReviewPanelState,
} from "@forgehire/core";
import { recordAudit } from "../admin/audit.js";
import type { ServiceDeps } from "../../deps.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import type { JobRecord } from "../../repositories/jobs.js";
import {
  reviewsRepository,
  type AdminReviewFilter,
  type AdminReviewRecord,
  type AdminReviewSortField,
  type ReviewCursor,
  type ReviewRecord,
} from "../../repositories/reviews.js";
import { usersRepository } from "../../repositories/users.js";
import { loadLiveJob } from "../jobs/job-details.js";

type Deps = Pick<ServiceDeps, "db" | "now">;

/**
 * The job's client or assigned freelancer reviews the other once the job is completed (core's decideWriteReview). The
 * job's row lock orders two parties writing at once, so the second always sees the first and publishes both.
 * @param input the rating and the trimmed text (checked by core's readReviewBody)
 * @returns the review written
 * @throws JOB_NOT_FOUND; REVIEW_NOT_ALLOWED; REVIEW_NOT_OPEN; REVIEW_WINDOW_CLOSED; ALREADY_REVIEWED
 */
export async function writeReview(deps: Deps, actor: Actor, jobId: number, input: { rating: number; text: string }): Promise<ReviewRecord> {
  return deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    const now = deps.now();
    const existing = await reviewsRepository.listForJob(trx, job.id);
    const decision = decideWriteReview(
      actor,
      job,
      existing.some((review) => review.authorId === actor.id),
      now,
    );
    if (!decision.allowed) throw refusalError(decision.refusal);
    const otherIsIn = existing.some((review) => review.authorId !== actor.id);
    const id = await reviewsRepository.insert(trx, {
      jobId: job.id,
      authorId: actor.id,
      subjectId: decision.subjectId,
      role: decision.role,
      rating: input.rating,
      text: input.text,
      publishedAt: publicationTime(job, otherIsIn, now),
      now,
    });
    // The unique (job, author) index is the last word; under the job's lock the check above has already answered.
    if (!id) throw domainError("ALREADY_REVIEWED");
    if (otherIsIn) await reviewsRepository.publishJob(trx, job.id, now);
    await jobActivityRepository.record(trx, { jobId: job.id, actorId: actor.id, action: "review_posted", details: { reviewId: id, role: decision.role } });
    if (decision.role === "client") await touchProfileOf(trx, decision.subjectId, now);
    return (await reviewsRepository.findById(trx, id))!;
  });
}

// A freelancer's profile row is marked changed when a review about them changes, so the directory's cache (stamped
// by the profiles' latest change) is refreshed at once on every process.
async function touchProfileOf(db: ServiceDeps["db"], userId: string, now: Date): Promise<void> {
  const profile = await freelancersRepository.findByUserId(db, userId);
  if (profile) await freelancersRepository.touch(db, profile.id, now);
}

/** A review read for a change, under its job's lock (the same order as writeReview: job first, then the review). */
async function lockedReview(trx: ServiceDeps["db"], reviewId: string): Promise<ReviewRecord> {
  const unlocked = await reviewsRepository.findById(trx, reviewId);
  if (!unlocked) throw domainError("REVIEW_NOT_FOUND");
  await trx("jobs").where({ id: unlocked.jobId }).forUpdate().first();
  return (await reviewsRepository.findById(trx, reviewId, { forUpdate: true }))!;
}

/**
 * Its author edits a review within 48 hours of posting it, while it is not published (core's decideEditReview).
 * @throws REVIEW_NOT_FOUND (also for someone who may not read it); REVIEW_EDIT_DENIED; REVIEW_EDIT_WINDOW_CLOSED
 */
export async function editReview(deps: Deps, actor: Actor, reviewId: string, input: ReviewEditBody): Promise<ReviewRecord> {
  return deps.db.transaction(async (trx) => {
    const review = await lockedReview(trx, reviewId);
    const decision = decideEditReview(actor, review, deps.now());
    if (!decision.allowed) throw refusalError(decision.refusal);
    await reviewsRepository.update(trx, review.id, input, deps.now());
    await jobActivityRepository.record(trx, { jobId: review.jobId, actorId: actor.id, action: "review_edited", details: { reviewId: review.id } });
    return (await reviewsRepository.findById(trx, review.id))!;
  });
}

/**
 * The reviewed party posts their one public reply to a published review (core's decideReplyToReview).
 * @throws EMPTY_REPLY; REVIEW_NOT_FOUND; REPLY_DENIED; REVIEW_NOT_PUBLISHED; ALREADY_REPLIED
 */
export async function replyToReview(deps: Deps, actor: Actor, reviewId: string, text: string): Promise<ReviewRecord> {
  const reply = text.trim();
  if (reply === "") throw domainError("EMPTY_REPLY", { fields: { text: "Please write a reply." } });
  return deps.db.transaction(async (trx) => {
    const review = await lockedReview(trx, reviewId);
    const decision = decideReplyToReview(actor, review, deps.now());
    if (!decision.allowed) throw refusalError(decision.refusal);
    await reviewsRepository.reply(trx, review.id, reply, deps.now());
    await jobActivityRepository.record(trx, { jobId: review.jobId, actorId: actor.id, action: "review_replied", details: { reviewId: review.id } });
    return (await reviewsRepository.findById(trx, review.id))!;
  });
}

/**
 * An admin hides a review with a reason (back office, CLI): kept, shown to admins with the reason, audited in the job's
 * activity. There is no way to delete one.
 * @throws ADMIN_ONLY; HIDE_REASON_REQUIRED; REVIEW_NOT_FOUND; REVIEW_ALREADY_HIDDEN
 */
export async function hideReview(deps: Deps, actor: Actor, reviewId: string, reason: string): Promise<AdminReviewRecord> {
  authorizeBackOffice(actor, "hide", "reviews");
  const why = reason.trim();
  if (why === "") throw domainError("HIDE_REASON_REQUIRED", { fields: { reason: "Please say why this review is hidden." } });
  return deps.db.transaction(async (trx) => {
    const review = await lockedReview(trx, reviewId);
    const decision = decideHideReview(actor, review);
    if (!decision.allowed) throw refusalError(decision.refusal);
    const now = deps.now();
    await reviewsRepository.hide(trx, review.id, actor.id, why, now);
    await jobActivityRepository.record(trx, { jobId: review.jobId, actorId: actor.id, action: "review_hidden", details: { reviewId: review.id, reason: why } });
    if (review.role === "client") await touchProfileOf(trx, review.subjectId, now);
    const hidden = (await reviewsRepository.findAdminById(trx, review.id))!;
    await recordAudit(trx, {
      actor,
      action: "reviews.hide",
      recordId: review.id,
      before: review,
      after: hidden,
      fields: ["hiddenAt", "hiddenReason"],
      at: now,
    });
    return hidden;
  });
}

/** The job's Review card: the panel of core's rules, and the other party's name. */
export interface JobReviewsRecord {
  panel: ReviewPanelState<ReviewRecord>;
  otherPartyName: string | null;
  now: Date;
}

/**
 * The job's reviews as the actor may see them, with what they may do: the job's owner, its assigned freelancer and
 * admins (the same people who see the job's money).
 * @throws JOB_NOT_FOUND; REVIEWS_ACCESS_DENIED
 */
export async function getJobReviews(deps: Deps, actor: Actor, jobId: number): Promise<JobReviewsRecord> {
  const job: JobRecord = await loadLiveJob(deps.db, jobId);
  if (!canViewJobMoney(actor, job)) throw domainError("REVIEWS_ACCESS_DENIED");
  const now = deps.now();
  const reviews = await reviewsRepository.listForJob(deps.db, job.id);
  const otherId = actor.id === job.ownerId ? job.freelancerId : actor.id === job.freelancerId ? job.ownerId : null;
  const other = otherId ? await usersRepository.findById(deps.db, otherId) : undefined;
  const otherPartyName = other ? displayName(other) : null;
  return { panel: reviewPanel(actor, job, reviews, now), otherPartyName, now };
}

/** A page of a freelancer's published reviews. */
export interface FreelancerReviewsPage {
  items: ReviewRecord[];
  next: ReviewCursor | null;
}

/** Reviews on a profile page (more are read with the next cursor). */
export const PROFILE_REVIEWS_PAGE = 10;

/**
 * A freelancer's rating and a page of their published, visible reviews, newest first (anyone signed in).
 * @param freelancerUserId the freelancer's user id (a profile's userId)
 */
export async function getFreelancerReviews(
  deps: Deps,
  freelancerUserId: string,
  page: { after?: ReviewCursor | undefined; limit?: number } = {},
): Promise<{ rating: { average: number | null; count: number }; page: FreelancerReviewsPage }> {
  const now = deps.now();
  const limit = page.limit ?? PROFILE_REVIEWS_PAGE;
  const [rating, rows] = await Promise.all([
    reviewsRepository.ratingOf(deps.db, freelancerUserId, now),
    reviewsRepository.publishedForSubject(deps.db, freelancerUserId, now, { after: page.after, limit: limit + 1 }),
  ]);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const next = rows.length > limit && last ? { publishedAt: last.publishedAt.toISOString(), id: last.id } : null;
  return { rating, page: { items, next } };
}

/**
 * The back office's reviews: every one, hidden ones with their reason.
 * @throws ADMIN_ONLY
 */
export function listReviewsForAdmin(
  deps: Deps,
  actor: Actor,
  filter: AdminReviewFilter,
  query: { sort: AdminReviewSortField; order: "asc" | "desc"; offset: number; limit: number },
): Promise<{ rows: AdminReviewRecord[]; total: number }> {
  authorizeBackOffice(actor, "read", "reviews");
  return reviewsRepository.list(deps.db, filter, query, deps.now());
}

/**
 * One review of the back office.
 * @throws ADMIN_ONLY; REVIEW_NOT_FOUND
 */
export async function getReviewForAdmin(deps: Deps, actor: Actor, reviewId: string): Promise<AdminReviewRecord> {
  authorizeBackOffice(actor, "read", "reviews");
  const review = await reviewsRepository.findAdminById(deps.db, reviewId);
  if (!review) throw domainError("REVIEW_NOT_FOUND");
  return review;
}

/**
 * A page of a freelancer's published reviews by profile id, after the cursor (anyone signed in).
 * @throws FREELANCER_NOT_FOUND
 */
export async function getFreelancerReviewPage(deps: Deps, freelancerId: string, after: ReviewCursor | undefined) {
  const freelancer = await freelancersRepository.findById(deps.db, freelancerId);
  if (!freelancer) throw domainError("FREELANCER_NOT_FOUND");
  return getFreelancerReviews(deps, freelancer.userId, { after });
}
