import { z } from "zod";
import { reviewRoles } from "@forgehire/core";
import { hideReview, listReviewsForAdmin, type AdminReviewRecord, operatorActor } from "@forgehire/services";
import { withServices } from "../context.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";

/** A review as the back office's API answers it, for --json. */
const asJson = (review: AdminReviewRecord, now: Date) => ({
  ...review,
  published: review.publishedAt.getTime() <= now.getTime(),
  hidden: review.hiddenAt !== null,
  replyAt: review.replyAt?.toISOString() ?? null,
  hiddenAt: review.hiddenAt?.toISOString() ?? null,
  publishedAt: review.publishedAt.toISOString(),
  createdAt: review.createdAt.toISOString(),
  updatedAt: review.updatedAt.toISOString(),
});

const stars = (rating: number) => "★".repeat(rating) + "☆".repeat(5 - rating);

/** reviews:list: every review, newest first, as the back office lists them (hidden ones with their reason). */
export async function reviewsList(options: { job?: string; role?: string; hidden?: boolean; as?: string; json?: boolean }): Promise<void> {
  const input = parseInput(z.object({ job: z.coerce.number().int().positive("Give a job id").optional(), role: z.enum(reviewRoles).optional() }), {
    job: options.job,
    role: options.role,
  });
  const { rows, now } = await withServices(async (services) => ({
    ...(await listReviewsForAdmin(
      services,
      await operatorActor(services, options.as),
      { jobId: input.job, role: input.role, hidden: options.hidden },
      { sort: "createdAt", order: "desc", offset: 0, limit: 500 },
    )),
    now: services.now(),
  }));
  if (options.json) return printJson(rows.map((row) => asJson(row, now)));
  if (rows.length === 0) return console.log("No reviews.");
  for (const r of rows) {
    const state = r.hiddenAt
      ? `hidden: ${r.hiddenReason}`
      : r.publishedAt.getTime() <= now.getTime()
        ? "published"
        : `unpublished until ${r.publishedAt.toISOString()}`;
    console.log(
      `${r.id}  job ${r.jobId}  ${stars(r.rating)}  ${r.authorName} → ${r.subjectName}  ${state}\n    ${r.text}${r.reply ? `\n    reply: ${r.reply}` : ""}`,
    );
  }
}

/** reviews:hide: hides a review with a reason, as an admin, exactly as the back office's Hide does. */
export async function reviewsHide(id: string, options: { reason?: string; as?: string; json?: boolean }): Promise<void> {
  const input = parseInput(z.object({ id: z.guid("Give a review's id"), reason: z.string().max(500).default("") }), { id, reason: options.reason });
  const { review, now } = await withServices(async (services) => ({
    review: await hideReview(services, await operatorActor(services, options.as), input.id, input.reason),
    now: services.now(),
  }));
  if (options.json) return printJson({ review: asJson(review, now) });
  console.log(`Hid review ${review.id} (job ${review.jobId}, ${review.authorName} about ${review.subjectName}): ${review.hiddenReason}`);
}
