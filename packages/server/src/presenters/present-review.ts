import { isPublished, reviewLimits, type AdminReview, type JobReview, type JobReviews, type PublicReview } from "@forgehire/core";
import type { AdminReviewRecord, JobReviewsRecord, ReviewCursor, ReviewRecord } from "@forgehire/services";

/**
 * A published review as the profile shows it: no ids of people, the author by name.
 * @param review the record
 * @returns the wire shape
 */
export function presentPublicReview(review: ReviewRecord): PublicReview {
  return {
    id: review.id,
    rating: review.rating,
    text: review.text,
    reply: review.reply,
    replyAt: review.replyAt?.toISOString() ?? null,
    createdAt: review.createdAt.toISOString(),
    authorName: review.authorName,
  };
}

/**
 * A review as its job's parties and admins see it.
 * @param review the record
 * @param now the clock its publication is read against
 * @returns the wire shape
 */
export function presentJobReview(review: ReviewRecord, now: Date): JobReview {
  return {
    id: review.id,
    jobId: review.jobId,
    role: review.role,
    authorId: review.authorId,
    authorName: review.authorName,
    subjectId: review.subjectId,
    subjectName: review.subjectName,
    rating: review.rating,
    text: review.text,
    reply: review.reply,
    replyAt: review.replyAt?.toISOString() ?? null,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    publishedAt: review.publishedAt.toISOString(),
    published: isPublished(review, now),
    hidden: review.hiddenAt !== null,
  };
}

/**
 * The job's Review card, as core's rules computed it for the actor.
 * @param record the panel
 * @returns the wire shape
 */
export function presentJobReviews({ panel, otherPartyName, now }: JobReviewsRecord): JobReviews {
  return {
    role: panel.role,
    otherPartyName,
    mine: panel.mine && presentJobReview(panel.mine, now),
    theirs: panel.theirs && presentJobReview(panel.theirs, now),
    theirsIsIn: panel.theirsIsIn,
    canReview: panel.canReview,
    why: panel.why,
    canEdit: panel.canEdit,
    whyNotEdit: panel.whyNotEdit,
    editableUntil: panel.editableUntil?.toISOString() ?? null,
    deadline: panel.deadline?.toISOString() ?? null,
    limits: {
      minTextLength: reviewLimits.minTextLength,
      maxTextLength: reviewLimits.maxTextLength,
      editWindowHours: reviewLimits.editWindowMs / 3_600_000,
      publishAfterDays: reviewLimits.publishAfterMs / 86_400_000,
    },
  };
}

/**
 * A review in the back office, hidden ones with their reason.
 * @param review the record
 * @param now the clock its publication is read against
 * @returns the wire shape
 */
export function presentAdminReview(review: AdminReviewRecord, now: Date): AdminReview {
  return {
    ...presentJobReview(review, now),
    jobTitle: review.jobTitle,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenBy: review.hiddenBy,
    hiddenByName: review.hiddenByName,
    hiddenReason: review.hiddenReason,
  };
}

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The opaque text of a position in a profile's reviews.
 * @param cursor the last review's publication time and id
 * @returns base64url text
 */
export function encodeReviewCursor(cursor: ReviewCursor): string {
  return Buffer.from(`${cursor.publishedAt}~${cursor.id}`).toString("base64url");
}

/**
 * Reads a cursor made by encodeReviewCursor.
 * @param text as the client sent it
 * @returns the position, or undefined for anything encodeReviewCursor could not have made
 */
export function decodeReviewCursor(text: string): ReviewCursor | undefined {
  if (!/^[\w-]{1,120}$/.test(text)) return undefined;
  const match = cursorPattern.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match || Number.isNaN(new Date(match[1]!).getTime())) return undefined;
  return { publishedAt: match[1]!, id: match[2]! };
}
