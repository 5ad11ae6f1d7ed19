import type { Knex } from "knex";
import { publicationTime, reviewTextProblem } from "@forgehire/core";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The demo's reviews (issue 19), one of each state a review can be in: published when both were in (with a reply),
 * hidden waiting for the other party, published alone after 14 days (with a reply), and hidden by an admin.
 * `afterHours` is the time after the job's completion it was written.
 */
export const demoReviews: Array<{
  job: string;
  author: string;
  rating: number;
  text: string;
  afterHours: number;
  reply?: { text: string; afterHours: number };
  hidden?: { by: string; reason: string; afterHours: number };
}> = [
  // Published alone, 14 days after completion (Atlas never wrote his), then replied to.
  {
    job: "Bakery Pre-Order Form",
    author: "alice",
    rating: 5,
    text: "Atlas understood our pickup days at once and the order list saves us an hour every morning.",
    afterHours: 20,
    reply: { text: "Thank you, Alice! Enjoy the quiet mornings.", afterHours: 15 * 24 },
  },
  // Hidden from Nova until Nova writes hers or 14 days pass.
  {
    job: "Real Estate Listings Site",
    author: "alice",
    rating: 4,
    text: "Solid listings and filters, delivered as agreed. A couple of rounds on the enquiry form.",
    afterHours: 2,
  },
  // Both in: published at the second one; the client's about Echo replied to, the freelancer's hidden by an admin.
  {
    job: "Fitness Coaching Portal",
    author: "bruno",
    rating: 4,
    text: "The voice coaching sessions sound great and members use the workout log daily.",
    afterHours: 0.5,
    reply: { text: "Thanks Bruno, it was a fun one to build.", afterHours: 1.25 },
  },
  {
    job: "Fitness Coaching Portal",
    author: "echo",
    rating: 2,
    text: "Bruno changed his mind often; call him on his personal number 555-0199 if you dare.",
    afterHours: 1,
    hidden: { by: "admin", reason: "Shares a personal phone number.", afterHours: 1.5 },
  },
];

/**
 * Writes the demo's reviews with the rules' own publication times.
 * @param trx the seed's transaction
 * @param now the seed's clock (every time written is before it)
 * @param idOf a demo user's id by key
 * @param jobIdOf a demo job's id by title
 */
export async function seedReviews(trx: Knex, now: Date, idOf: (key: string) => string, jobIdOf: (title: string) => number): Promise<void> {
  const written = new Map<number, Array<{ id: string; createdAt: Date }>>();
  for (const demo of demoReviews) {
    if (reviewTextProblem(demo.text)) throw new Error(`demo review of ${demo.job}: ${reviewTextProblem(demo.text)}`);
    const jobId = jobIdOf(demo.job);
    const job = (await trx("jobs").where({ id: jobId }).first()) as { owner_id: string; freelancer_id: string; status: "completed"; completed_at: Date };
    const at = (hours: number) => new Date(new Date(job.completed_at).getTime() + hours * HOUR_MS);
    const createdAt = at(demo.afterHours);
    if (createdAt.getTime() > now.getTime()) throw new Error(`demo review of ${demo.job} would be written in the future`);
    const authorId = idOf(demo.author);
    const role = authorId === job.owner_id ? "client" : "freelancer";
    const others = written.get(jobId) ?? [];
    const publishedAt = publicationTime({ status: "completed", completedAt: job.completed_at }, others.length > 0, createdAt);
    const [row] = (await trx("reviews")
      .insert({
        job_id: jobId,
        author_id: authorId,
        subject_id: role === "client" ? job.freelancer_id : job.owner_id,
        role,
        rating: demo.rating,
        text: demo.text,
        published_at: publishedAt,
        created_at: createdAt,
        updated_at: createdAt,
        ...(demo.reply && { reply: demo.reply.text, reply_at: at(demo.reply.afterHours) }),
        ...(demo.hidden && { hidden_at: at(demo.hidden.afterHours), hidden_by: idOf(demo.hidden.by), hidden_reason: demo.hidden.reason }),
      })
      .returning("id")) as Array<{ id: string }>;
    // The second review publishes the first at once.
    if (others.length > 0)
      await trx("reviews")
        .whereIn(
          "id",
          others.map((other) => other.id),
        )
        .where("published_at", ">", createdAt)
        .update({ published_at: createdAt });
    written.set(jobId, [...others, { id: row!.id, createdAt }]);
    await trx("job_activity").insert({
      job_id: jobId,
      actor_id: authorId,
      action: "review_posted",
      details: { reviewId: row!.id, role },
      created_at: createdAt,
    });
    if (demo.hidden) {
      await trx("job_activity").insert({
        job_id: jobId,
        actor_id: idOf(demo.hidden.by),
        action: "review_hidden",
        details: { reviewId: row!.id, reason: demo.hidden.reason },
        created_at: at(demo.hidden.afterHours),
      });
    }
  }
}
