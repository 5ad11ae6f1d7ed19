import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import { readReviewBody } from "../schemas/reviews.js";
import {
  canReadReview,
  decideEditReview,
  decideHideReview,
  decideReplyToReview,
  decideWriteReview,
  isPublished,
  publicationTime,
  ratingProblem,
  ratingSummary,
  reviewDeadline,
  reviewPanel,
  reviewTextProblem,
  type ReviewJobState,
  type ReviewState,
} from "./reviews.js";

const client: Actor = { id: "client", userType: "client", roleType: "job_poster" };
const freelancer: Actor = { id: "freelancer", userType: "freelancer", roleType: "freelancer" };
const otherClient: Actor = { id: "other-client", userType: "client", roleType: "job_poster" };
const otherFreelancer: Actor = { id: "other-freelancer", userType: "freelancer", roleType: "freelancer" };
const admin: Actor = { id: "admin", userType: "admin", roleType: "admin" };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const completedAt = new Date("2026-11-01T12:00:00Z");
const job: ReviewJobState = { ownerId: "client", freelancerId: "freelancer", status: "completed", completedAt };
const at = (ms: number) => new Date(completedAt.getTime() + ms);

const review = (overrides: Partial<ReviewState> = {}): ReviewState => ({
  authorId: "client",
  subjectId: "freelancer",
  createdAt: at(HOUR),
  publishedAt: at(14 * DAY),
  hiddenAt: null,
  reply: null,
  ...overrides,
});

describe("who may review whom", () => {
  it("the job's owner reviews its assigned freelancer, the freelancer reviews the client", () => {
    expect(decideWriteReview(client, job, false, at(HOUR))).toEqual({ allowed: true, role: "client", subjectId: "freelancer" });
    expect(decideWriteReview(freelancer, job, false, at(HOUR))).toEqual({ allowed: true, role: "freelancer", subjectId: "client" });
  });

  it("nobody else: another client, another freelancer, an admin (403 REVIEW_NOT_ALLOWED); signed out is 401", () => {
    for (const actor of [otherClient, otherFreelancer, admin]) {
      const decision = decideWriteReview(actor, job, false, at(HOUR));
      expect(decision.allowed ? null : decision.refusal.code).toBe("REVIEW_NOT_ALLOWED");
    }
    const anonymous = decideWriteReview(null, job, false, at(HOUR));
    expect(anonymous.allowed ? null : anonymous.refusal.code).toBe("UNAUTHENTICATED");
  });

  it("a deleted job is not found", () => {
    const decision = decideWriteReview(client, { ...job, status: "inactive" }, false, at(HOUR));
    expect(decision.allowed ? null : decision.refusal.code).toBe("JOB_NOT_FOUND");
  });
});

describe("the job is completed", () => {
  it("a job in progress cannot be reviewed yet (REVIEW_NOT_OPEN)", () => {
    const decision = decideWriteReview(client, { ...job, status: "in_progress", completedAt: null }, false, at(HOUR));
    expect(decision.allowed ? null : decision.refusal.code).toBe("REVIEW_NOT_OPEN");
  });

  it("the window closes 14 days after completion (REVIEW_WINDOW_CLOSED)", () => {
    expect(decideWriteReview(client, job, false, at(14 * DAY - 1)).allowed).toBe(true);
    const decision = decideWriteReview(client, job, false, at(14 * DAY));
    expect(decision.allowed ? null : decision.refusal.code).toBe("REVIEW_WINDOW_CLOSED");
  });
});

describe("one per author per job", () => {
  it("a second review by the same author is ALREADY_REVIEWED", () => {
    const decision = decideWriteReview(client, job, true, at(HOUR));
    expect(decision.allowed ? null : decision.refusal.code).toBe("ALREADY_REVIEWED");
  });
});

describe("rating 1–5 integer", () => {
  it("accepts 1 to 5 and refuses anything else", () => {
    for (const rating of [1, 2, 3, 4, 5]) expect(ratingProblem(rating)).toBeNull();
    for (const rating of [0, 6, 4.5, -1, "5", null, undefined, Number.NaN]) expect(ratingProblem(rating)).not.toBeNull();
    expect(() => readReviewBody({ rating: 6, text: "x".repeat(30) })).toThrow(expect.objectContaining({ code: "INVALID_RATING" }));
  });
});

describe("text 20–2,000 characters, trimmed", () => {
  it("counts the trimmed text, in characters", () => {
    expect(reviewTextProblem("a".repeat(20))).toBeNull();
    expect(reviewTextProblem(`   ${"a".repeat(19)}   `)).not.toBeNull();
    expect(reviewTextProblem("a".repeat(2_000))).toBeNull();
    expect(reviewTextProblem("a".repeat(2_001))).not.toBeNull();
    // 20 emoji are 20 characters, though 40 UTF-16 units.
    expect(reviewTextProblem("👍".repeat(20))).toBeNull();
    expect(readReviewBody({ rating: 5, text: `  ${"b".repeat(25)}  ` })).toEqual({ rating: 5, text: "b".repeat(25) });
    expect(() => readReviewBody({ rating: 5, text: "too short" })).toThrow(expect.objectContaining({ code: "INVALID_REVIEW_TEXT" }));
    expect(() => readReviewBody({}, { partial: true })).toThrow(expect.objectContaining({ code: "INVALID_REVIEW_TEXT" }));
  });
});

describe("editable by its author for 48 hours after posting, while not published", () => {
  it("its author edits within 48 hours; not after", () => {
    expect(decideEditReview(client, review(), at(HOUR + 48 * HOUR - 1)).allowed).toBe(true);
    const late = decideEditReview(client, review(), at(HOUR + 48 * HOUR));
    expect(late.allowed ? null : late.refusal.code).toBe("REVIEW_EDIT_WINDOW_CLOSED");
  });

  it("nobody else edits it, admins included (REVIEW_EDIT_DENIED)", () => {
    for (const actor of [freelancer, otherClient, admin]) {
      const decision = decideEditReview(actor, review(), at(2 * HOUR));
      expect(decision.allowed ? null : decision.refusal.code).toBe("REVIEW_EDIT_DENIED");
    }
  });

  it("once published (both in), it can no longer be edited: the other party has read it", () => {
    const decision = decideEditReview(client, review({ publishedAt: at(2 * HOUR) }), at(3 * HOUR));
    expect(decision.allowed ? null : decision.refusal).toMatchObject({ code: "REVIEW_EDIT_WINDOW_CLOSED", message: expect.stringContaining("published") });
  });
});

describe("published when both are in or 14 days after the job's completion", () => {
  it("the first review publishes at completion + 14 days; the second publishes both now", () => {
    expect(reviewDeadline(job)).toEqual(at(14 * DAY));
    expect(publicationTime(job, false, at(HOUR))).toEqual(at(14 * DAY));
    expect(publicationTime(job, true, at(2 * DAY))).toEqual(at(2 * DAY));
  });

  it("a review is published once its time has come, and then whatever was written is public", () => {
    const first = review();
    expect(isPublished(first, at(14 * DAY - 1))).toBe(false);
    expect(isPublished(first, at(14 * DAY))).toBe(true);
    expect(canReadReview(freelancer, first, at(DAY))).toBe(false);
    expect(canReadReview(null, first, at(DAY))).toBe(false);
    expect(canReadReview(freelancer, first, at(14 * DAY))).toBe(true);
    expect(canReadReview(null, first, at(14 * DAY))).toBe(true);
  });

  it("its author and admins read it at once", () => {
    expect(canReadReview(client, review(), at(DAY))).toBe(true);
    expect(canReadReview(admin, review(), at(DAY))).toBe(true);
  });
});

describe("one public reply by the reviewed party", () => {
  const published = review({ publishedAt: at(DAY) });
  it("the reviewed party replies once to a published review", () => {
    expect(decideReplyToReview(freelancer, published, at(2 * DAY)).allowed).toBe(true);
    const again = decideReplyToReview(freelancer, { ...published, reply: "Thanks" }, at(2 * DAY));
    expect(again.allowed ? null : again.refusal.code).toBe("ALREADY_REPLIED");
  });

  it("not before it is published, nor to a hidden one (REVIEW_NOT_PUBLISHED)", () => {
    for (const state of [review(), { ...published, hiddenAt: at(DAY) }]) {
      const decision = decideReplyToReview(freelancer, state, at(2 * DAY));
      expect(decision.allowed ? null : decision.refusal.code).toBe("REVIEW_NOT_PUBLISHED");
    }
  });

  it("nobody else replies: the author, others, admins (REPLY_DENIED)", () => {
    for (const actor of [client, otherClient, otherFreelancer, admin]) {
      const decision = decideReplyToReview(actor, published, at(2 * DAY));
      expect(decision.allowed ? null : decision.refusal.code).toBe("REPLY_DENIED");
    }
  });
});

describe("admins hide a review with a reason; nobody deletes one", () => {
  it("admins only, once", () => {
    expect(decideHideReview(admin, review()).allowed).toBe(true);
    for (const actor of [client, freelancer, otherClient]) {
      const decision = decideHideReview(actor, review());
      expect(decision.allowed ? null : decision.refusal.code).toBe("ADMIN_ONLY");
    }
    const again = decideHideReview(admin, review({ hiddenAt: at(DAY) }));
    expect(again.allowed ? null : again.refusal.code).toBe("REVIEW_ALREADY_HIDDEN");
  });

  it("a hidden review stays readable by admins and its author, nobody else", () => {
    const hidden = review({ publishedAt: at(DAY), hiddenAt: at(2 * DAY) });
    expect(canReadReview(admin, hidden, at(3 * DAY))).toBe(true);
    expect(canReadReview(client, hidden, at(3 * DAY))).toBe(true);
    expect(canReadReview(freelancer, hidden, at(3 * DAY))).toBe(false);
    expect(canReadReview(null, hidden, at(3 * DAY))).toBe(false);
  });
});

describe("the average shows one decimal", () => {
  it("rounds to one decimal; none is null", () => {
    expect(ratingSummary([5, 4, 4])).toEqual({ average: 4.3, count: 3 });
    expect(ratingSummary([])).toEqual({ average: null, count: 0 });
  });
});

describe("the Review card shows what the rules decide", () => {
  it("the first author sees their own review, not the other's, and may edit it", () => {
    const theirs = review({ authorId: "freelancer", subjectId: "client" });
    const panel = reviewPanel(client, job, [review(), theirs], at(2 * HOUR));
    expect(panel).toMatchObject({ role: "client", canReview: false, canEdit: true, theirs: null, theirsIsIn: true });
    expect(panel.why?.code).toBe("ALREADY_REVIEWED");
    const fresh = reviewPanel(freelancer, job, [], at(HOUR));
    expect(fresh).toMatchObject({ role: "freelancer", canReview: true, mine: null, deadline: at(14 * DAY) });
  });
});
