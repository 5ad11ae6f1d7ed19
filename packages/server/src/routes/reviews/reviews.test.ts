import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminReviewSchema, freelancerDetailSchema, jobReviewsSchema, type JobReviews } from "@forgehire/core";
import { verifyLedger } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser; // the client
let bob: BuiltUser; // another client
let nova: BuiltUser; // the assigned freelancer
let atlas: BuiltUser; // another freelancer
let admin: BuiltUser;
let novaProfileId: string;

const DAY = 24 * 3_600_000;
const db = () => server.services.db;
const text = (what: string) => `${what}: clear, on time and a pleasure to work with.`;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, nova, atlas, admin] = await Promise.all([
    buildClient(server, { firstName: "Alice", lastName: "Wong" }),
    buildClient(server),
    buildFreelancer(server, { firstName: "Nova", lastName: "Reyes" }),
    buildFreelancer(server),
    buildAdmin(server),
  ]);
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "Shop builder", bio: "I build online shops.", hourlyRate: 60, skills: ["OpenAI GPT"], domains: ["Chatbots & Conversational AI"] })
    .expect(201);
  novaProfileId = profile.body.id as string;
});
afterAll(async () => {
  await server?.stop();
});

/** A job of `owner`'s, paid, started by `freelancer`, then completed by an admin (every milestone released). */
async function completedJob(owner = alice, freelancer = nova) {
  const job = await buildJob(owner);
  await owner.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await owner.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(owner, job.id);
  await freelancer.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(200);
  return job;
}

/** A job paid and started, not completed. */
async function startedJob() {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(alice, job.id);
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  return job;
}

/** Time passes for a job: its completion and its reviews' times move back by `ms`, as if written that long ago. */
async function age(jobId: number, ms: number) {
  const interval = `${Math.round(ms / 1000)} seconds`;
  await db().raw(`update jobs set completed_at = completed_at - ?::interval where id = ?`, [interval, jobId]);
  await db().raw(
    `update reviews set created_at = created_at - ?::interval, published_at = published_at - ?::interval, updated_at = updated_at - ?::interval where job_id = ?`,
    [interval, interval, interval, jobId],
  );
}

const panel = async (who: BuiltUser, jobId: number) => {
  const body = (await who.agent.get(`/api/jobs/${jobId}/reviews`).expect(200)).body as JobReviews;
  expect(jobReviewsSchema.parse(body)).toEqual(body);
  return body;
};
const profile = async (who: BuiltUser = bob, id = novaProfileId) => {
  const body = (await who.agent.get(`/api/freelancers/${id}`).expect(200)).body;
  return freelancerDetailSchema.parse(body);
};
const review = async (who: BuiltUser, jobId: number, rating: number, what: string) =>
  (
    await who.agent
      .post(`/api/jobs/${jobId}/reviews`)
      .send({ rating, text: text(what) })
      .expect(201)
  ).body.review as { id: string; published: boolean };
const reviewCount = async () => Number(((await db()("reviews").count({ n: "*" })) as Array<{ n: string | number }>)[0]!.n);

describe("writing reviews", () => {
  it("[reviews-1] both review after completion; each is hidden from the other party and the public until both are in, then both are published", async () => {
    const job = await completedJob();
    const before = await profile();
    const mine = await review(alice, job.id, 5, "Alice about Nova");
    expect(mine.published).toBe(false);
    // Alice sees her own review; Nova sees that one is in, not what it says; the profile shows nothing yet.
    expect((await panel(alice, job.id)).mine).toMatchObject({ rating: 5, text: text("Alice about Nova"), published: false });
    const novaView = await panel(nova, job.id);
    expect(novaView).toMatchObject({ theirs: null, theirsIsIn: true, canReview: true, role: "freelancer", otherPartyName: "Alice Wong" });
    expect((await profile()).rating).toEqual(before.rating);
    expect((await profile()).reviews?.map((r) => r.text)).not.toContain(text("Alice about Nova"));
    // Nova's review completes the pair: both are published at once.
    const theirs = await review(nova, job.id, 4, "Nova about Alice");
    expect(theirs.published).toBe(true);
    expect((await panel(alice, job.id)).theirs).toMatchObject({ rating: 4, published: true, authorName: "Nova Reyes" });
    expect((await panel(nova, job.id)).theirs).toMatchObject({ rating: 5, published: true });
    const after = await profile();
    expect(after.reviews?.[0]).toMatchObject({ rating: 5, text: text("Alice about Nova"), reply: null, authorName: "Alice Wong" });
    expect(after.rating?.count).toBe((before.rating?.count ?? 0) + 1);
  });

  it("[reviews-2] every actor: only the client and the assigned freelancer write; others 403, signed out 401; nothing stored", async () => {
    const job = await completedJob();
    const count = await reviewCount();
    const body = { rating: 4, text: text("Someone") };
    for (const who of [bob, atlas, admin]) {
      const res = await who.agent.post(`/api/jobs/${job.id}/reviews`).send(body).expect(403);
      expect(res.body.error.code).toBe("REVIEW_NOT_ALLOWED");
    }
    expect((await server.agent().post(`/api/jobs/${job.id}/reviews`).send(body).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    expect(await reviewCount()).toBe(count);
    // The job's Review card: its parties and admins; others 403, signed out 401.
    for (const who of [bob, atlas]) expect((await who.agent.get(`/api/jobs/${job.id}/reviews`).expect(403)).body.error.code).toBe("REVIEWS_ACCESS_DENIED");
    await server.agent().get(`/api/jobs/${job.id}/reviews`).expect(401);
    expect(await panel(admin, job.id)).toMatchObject({ role: null, canReview: false, why: { code: "REVIEW_NOT_ALLOWED" } });
    expect(await panel(alice, job.id)).toMatchObject({ role: "client", canReview: true, why: null });
    // An unknown or deleted job is 404, a malformed id 400.
    expect((await alice.agent.post(`/api/jobs/999999/reviews`).send(body).expect(404)).body.error.code).toBe("JOB_NOT_FOUND");
    expect((await alice.agent.post(`/api/jobs/abc/reviews`).send(body).expect(400)).body.error.code).toBe("INVALID_JOB_ID");
  });

  it("[reviews-3] a job not completed cannot be reviewed (409 REVIEW_NOT_OPEN); one review per author per job (409 ALREADY_REVIEWED), also when sent twice at once", async () => {
    const started = await startedJob();
    const res = await alice.agent
      .post(`/api/jobs/${started.id}/reviews`)
      .send({ rating: 5, text: text("Too early") })
      .expect(409);
    expect(res.body.error).toMatchObject({ code: "REVIEW_NOT_OPEN", message: "Reviews open once the project is completed." });
    expect(await panel(nova, started.id)).toMatchObject({ canReview: false, why: { code: "REVIEW_NOT_OPEN" } });

    const job = await completedJob();
    const answers = await Promise.all([1, 2, 3].map(() => alice.agent.post(`/api/jobs/${job.id}/reviews`).send({ rating: 3, text: text("Twice") })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((a) => a.status === 409)) expect(a.body.error.code).toBe("ALREADY_REVIEWED");
    expect((await db()("reviews").where({ job_id: job.id, author_id: alice.user.id })).length).toBe(1);
    expect(await panel(alice, job.id)).toMatchObject({ canReview: false, why: { code: "ALREADY_REVIEWED" } });
  });

  it("[reviews-4] rating 1–5 whole stars (400 INVALID_RATING), text 20–2,000 characters once trimmed (400 INVALID_REVIEW_TEXT); nothing stored", async () => {
    const job = await completedJob();
    const count = await reviewCount();
    for (const rating of [0, 6, 4.5, "5", null, undefined]) {
      const res = await alice.agent
        .post(`/api/jobs/${job.id}/reviews`)
        .send({ rating, text: text("Bad rating") })
        .expect(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_RATING", fields: { rating: expect.any(String) } });
    }
    for (const bad of [`   ${"a".repeat(19)}   `, "a".repeat(2_001), "", 42]) {
      const res = await alice.agent.post(`/api/jobs/${job.id}/reviews`).send({ rating: 4, text: bad }).expect(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_REVIEW_TEXT", fields: { text: expect.any(String) } });
    }
    expect(await reviewCount()).toBe(count);
    const ok = await alice.agent
      .post(`/api/jobs/${job.id}/reviews`)
      .send({ rating: 1, text: `  ${"b".repeat(2_000)}  ` })
      .expect(201);
    expect(ok.body.review.text).toBe("b".repeat(2_000));
  });
});

describe("editing, the 14 days and replies", () => {
  it("[reviews-5] its author edits within 48 hours while unpublished (PATCH or PUT); not after 48 hours, not once published, nobody else (403)", async () => {
    const job = await completedJob();
    const mine = await review(alice, job.id, 3, "First draft");
    const edited = await alice.agent.patch(`/api/reviews/${mine.id}`).send({ rating: 4 }).expect(200);
    expect(edited.body.review).toMatchObject({ rating: 4, text: text("First draft") });
    await alice.agent
      .put(`/api/reviews/${mine.id}`)
      .send({ rating: 5, text: text("Second draft") })
      .expect(200);
    expect((await alice.agent.patch(`/api/reviews/${mine.id}`).send({ rating: 9 }).expect(400)).body.error.code).toBe("INVALID_RATING");
    for (const who of [nova, bob, atlas, admin]) {
      expect((await who.agent.patch(`/api/reviews/${mine.id}`).send({ rating: 1 }).expect(403)).body.error.code).toBe("REVIEW_EDIT_DENIED");
    }
    await server.agent().patch(`/api/reviews/${mine.id}`).send({ rating: 1 }).expect(401);
    expect((await alice.agent.patch(`/api/reviews/not-a-review`).send({ rating: 1 }).expect(404)).body.error.code).toBe("REVIEW_NOT_FOUND");
    expect(await panel(alice, job.id)).toMatchObject({ canEdit: true, whyNotEdit: null });
    // 48 hours later (still within the 14 days): closed.
    await age(job.id, 2 * DAY);
    expect((await alice.agent.patch(`/api/reviews/${mine.id}`).send({ rating: 1 }).expect(409)).body.error.code).toBe("REVIEW_EDIT_WINDOW_CLOSED");
    expect(await panel(alice, job.id)).toMatchObject({ canEdit: false, whyNotEdit: { code: "REVIEW_EDIT_WINDOW_CLOSED" } });
    // A fresh one, published when the other arrives: no edit after publication, though within 48 hours.
    const theirs = await review(nova, job.id, 5, "Nova replies in kind");
    const res = await nova.agent.patch(`/api/reviews/${theirs.id}`).send({ rating: 1 }).expect(409);
    expect(res.body.error).toMatchObject({ code: "REVIEW_EDIT_WINDOW_CLOSED", message: expect.stringContaining("published") });
    const stored = (await db()("reviews").where({ id: mine.id }).first()) as { rating: number; text: string };
    expect(stored).toMatchObject({ rating: 5, text: text("Second draft") });
  });

  it("[reviews-6] 14 days after completion whatever was written is published, and the missing review can no longer be written (409 REVIEW_WINDOW_CLOSED)", async () => {
    const job = await completedJob();
    const before = await profile();
    const only = await review(alice, job.id, 2, "Only Alice wrote");
    expect((await panel(alice, job.id)).deadline).toBeTruthy();
    await age(job.id, 13 * DAY);
    expect((await profile()).reviews?.map((r) => r.id)).not.toContain(only.id);
    await age(job.id, 1 * DAY + 60_000);
    const after = await profile();
    expect(after.reviews?.map((r) => r.id)).toContain(only.id);
    expect(after.rating?.count).toBe((before.rating?.count ?? 0) + 1);
    expect((await panel(alice, job.id)).mine).toMatchObject({ published: true });
    const late = await nova.agent
      .post(`/api/jobs/${job.id}/reviews`)
      .send({ rating: 5, text: text("Too late") })
      .expect(409);
    expect(late.body.error.code).toBe("REVIEW_WINDOW_CLOSED");
    expect(await panel(nova, job.id)).toMatchObject({ canReview: false, why: { code: "REVIEW_WINDOW_CLOSED" }, theirs: { id: only.id } });
  });

  it("[reviews-7] the reviewed party posts one public reply to a published review; not before publication, not twice, nobody else", async () => {
    const job = await completedJob();
    const mine = await review(alice, job.id, 5, "Reply to me");
    expect((await nova.agent.post(`/api/reviews/${mine.id}/reply`).send({ text: "Thank you!" }).expect(409)).body.error.code).toBe("REVIEW_NOT_PUBLISHED");
    await review(nova, job.id, 5, "Both in now");
    for (const who of [alice, bob, atlas, admin]) {
      expect((await who.agent.post(`/api/reviews/${mine.id}/reply`).send({ text: "Me too" }).expect(403)).body.error.code).toBe("REPLY_DENIED");
    }
    await server.agent().post(`/api/reviews/${mine.id}/reply`).send({ text: "Anon" }).expect(401);
    expect((await nova.agent.post(`/api/reviews/${mine.id}/reply`).send({ text: "   " }).expect(400)).body.error.code).toBe("EMPTY_REPLY");
    const replied = await nova.agent.post(`/api/reviews/${mine.id}/reply`).send({ text: "  Thank you, Alice!  " }).expect(200);
    expect(replied.body.review).toMatchObject({ reply: "Thank you, Alice!" });
    expect((await nova.agent.post(`/api/reviews/${mine.id}/reply`).send({ text: "Again" }).expect(409)).body.error.code).toBe("ALREADY_REPLIED");
    expect((await profile(atlas)).reviews?.find((r) => r.id === mine.id)).toMatchObject({ reply: "Thank you, Alice!" });
  });
});

describe("hiding, the profile and the directory", () => {
  it("[reviews-8] an admin hides a review with a reason: gone from the profile and the rating, kept with the reason for admins, audited; nobody deletes one", async () => {
    const job = await completedJob();
    const mine = await review(alice, job.id, 1, "Rude words here");
    await review(nova, job.id, 5, "Fine client");
    const before = await profile();
    expect(before.reviews?.map((r) => r.id)).toContain(mine.id);
    for (const who of [alice, nova, bob, atlas]) {
      expect((await who.agent.post(`/api/admin/reviews/${mine.id}/hide`).send({ reason: "Abuse" }).expect(403)).body.error.code).toBe("ADMIN_ONLY");
    }
    await server.agent().post(`/api/admin/reviews/${mine.id}/hide`).send({ reason: "Abuse" }).expect(401);
    expect((await admin.agent.post(`/api/admin/reviews/${mine.id}/hide`).send({ reason: " " }).expect(400)).body.error.code).toBe("HIDE_REASON_REQUIRED");
    const hidden = await admin.agent.post(`/api/admin/reviews/${mine.id}/hide`).send({ reason: "Personal insults" }).expect(200);
    expect(adminReviewSchema.parse(hidden.body)).toMatchObject({ hidden: true, hiddenReason: "Personal insults", hiddenBy: admin.user.id });
    expect((await admin.agent.post(`/api/admin/reviews/${mine.id}/hide`).send({ reason: "Again" }).expect(409)).body.error.code).toBe("REVIEW_ALREADY_HIDDEN");
    const after = await profile();
    expect(after.reviews?.map((r) => r.id)).not.toContain(mine.id);
    expect(after.rating?.count).toBe(before.rating!.count - 1);
    // The other party no longer reads it; its author and admins still do.
    expect((await panel(nova, job.id)).theirs).toBeNull();
    expect((await panel(alice, job.id)).mine).toMatchObject({ hidden: true });
    expect((await panel(admin, job.id)).mine).toBeNull();
    expect((await admin.agent.get(`/api/admin/reviews/${mine.id}`).expect(200)).body).toMatchObject({
      hiddenReason: "Personal insults",
      text: text("Rude words here"),
    });
    const activity = await db()("job_activity").where({ job_id: job.id, action: "review_hidden" });
    expect(activity).toHaveLength(1);
    expect(activity[0].actor_id).toBe(admin.user.id);
    // No route deletes a review, for anyone.
    for (const who of [alice, admin]) await who.agent.delete(`/api/reviews/${mine.id}`).expect(404);
    await admin.agent.delete(`/api/admin/reviews/${mine.id}`).expect(404);
    expect(await db()("reviews").where({ id: mine.id }).first()).toBeTruthy();
  });

  it("[reviews-9] directory items carry rating; sort=rating orders best first (then most reviewed); minRating filters; pages stay whole", async () => {
    // Three freelancers with their own profiles and ratings: high (5,5), mid (4), low (2).
    const people = await Promise.all([1, 2, 3].map((n) => buildFreelancer(server, { firstName: `Rank${n}`, lastName: "Tester" })));
    const ids: string[] = [];
    for (const who of people) {
      const res = await who.agent
        .post("/api/freelancers")
        .send({ title: "Ranked", bio: "Ranked in the directory.", hourlyRate: 10, skills: ["OpenAI GPT"], domains: ["Chatbots & Conversational AI"] })
        .expect(201);
      ids.push(res.body.id as string);
    }
    const rate = async (who: BuiltUser, rating: number) => {
      const job = await completedJob(alice, who);
      await review(alice, job.id, rating, "Ranked");
      await review(who, job.id, 5, "Ranked client");
    };
    await rate(people[0]!, 5);
    await rate(people[0]!, 5);
    await rate(people[1]!, 5);
    await rate(people[2]!, 2);
    const all = await bob.agent.get("/api/freelancers?q=Ranked&sort=rating").expect(200);
    expect(all.body.map((f: { id: string }) => f.id)).toEqual(ids);
    expect(all.body[0].rating).toEqual({ average: 5, count: 2 });
    expect(all.body[1].rating).toEqual({ average: 5, count: 1 });
    expect(all.body[2].rating).toEqual({ average: 2, count: 1 });
    const good = await bob.agent.get("/api/freelancers?q=Ranked&sort=rating&minRating=4").expect(200);
    expect(good.body.map((f: { id: string }) => f.id)).toEqual(ids.slice(0, 2));
    expect(good.headers["x-total-count"]).toBe("2");
    const second = await bob.agent.get("/api/freelancers?q=Ranked&sort=rating&perPage=1&page=2").expect(200);
    expect(second.body.map((f: { id: string }) => f.id)).toEqual([ids[1]]);
    expect(second.headers["x-total-count"]).toBe("3");
    // The default order is unchanged (creation order) and still carries the rating.
    const plain = await bob.agent.get("/api/freelancers?q=Ranked").expect(200);
    expect(plain.body.map((f: { id: string }) => f.id)).toEqual(ids);
    for (const bad of ["minRating=0", "minRating=6", "minRating=x", "sort=stars"]) {
      expect((await bob.agent.get(`/api/freelancers?${bad}`).expect(400)).body.error.code).toBe("VALIDATION");
    }
    // The average shows one decimal: 5, 4, 4 → 4.3.
    await rate(people[1]!, 4);
    await rate(people[1]!, 4);
    const mid = await bob.agent.get(`/api/freelancers/${ids[1]}`).expect(200);
    expect(mid.body.rating).toEqual({ average: 4.3, count: 3 });
  });

  it("[reviews-10] a profile's published reviews are paginated newest first by cursor; a bad cursor is 400", async () => {
    const who = await buildFreelancer(server);
    const created = await who.agent
      .post("/api/freelancers")
      .send({ title: "Paged", bio: "Many reviews.", hourlyRate: 10, skills: ["OpenAI GPT"], domains: ["Chatbots & Conversational AI"] })
      .expect(201);
    const id = created.body.id as string;
    const written: string[] = [];
    for (let n = 0; n < 12; n++) {
      const job = await completedJob(alice, who);
      written.push((await review(alice, job.id, 4, `Paged ${n}`)).id);
      await review(who, job.id, 4, `Paged back ${n}`);
    }
    const first = await profile(bob, id);
    expect(first.reviews).toHaveLength(10);
    expect(first.rating).toEqual({ average: 4, count: 12 });
    expect(first.reviewsNextCursor).toBeTruthy();
    const next = await bob.agent.get(`/api/freelancers/${id}/reviews?cursor=${first.reviewsNextCursor}`).expect(200);
    expect(next.body.items).toHaveLength(2);
    expect(next.body.nextCursor).toBeNull();
    expect([...first.reviews!, ...next.body.items].map((r: { id: string }) => r.id)).toEqual([...written].reverse());
    expect((await bob.agent.get(`/api/freelancers/${id}/reviews?cursor=nope`).expect(400)).body.error.code).toBe("INVALID_CURSOR");
    await server.agent().get(`/api/freelancers/${id}/reviews`).expect(401);
  });

  it("[reviews-11] the back office lists every review (hidden ones too) with filters and Content-Range, to admins only", async () => {
    const job = await completedJob();
    const mine = await review(alice, job.id, 3, "Listed");
    await admin.agent.post(`/api/admin/reviews/${mine.id}/hide`).send({ reason: "Listed and hidden" }).expect(200);
    const list = await admin.agent.get(`/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ jobId: job.id }))}`).expect(200);
    expect(list.headers["content-range"]).toMatch(/^reviews 0-0\/1$/);
    expect(list.body[0]).toMatchObject({ id: mine.id, hiddenReason: "Listed and hidden", jobTitle: job.title, authorName: "Alice Wong" });
    const hidden = await admin.agent.get(`/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ hidden: true, jobId: job.id }))}`).expect(200);
    expect(hidden.body).toHaveLength(1);
    const visible = await admin.agent.get(`/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ hidden: false, jobId: job.id }))}`).expect(200);
    expect(visible.body).toHaveLength(0);
    const bad = await admin.agent.get(`/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ rating: 9 }))}`).expect(400);
    expect(bad.body.error.code).toBe("VALIDATION");
    for (const who of [alice, nova, bob, atlas]) await who.agent.get("/api/admin/reviews").expect(403);
    await server.agent().get("/api/admin/reviews").expect(401);
    expect((await admin.agent.get(`/api/admin/reviews/00000000-0000-4000-8000-000000000000`).expect(404)).body.error.code).toBe("REVIEW_NOT_FOUND");
    // Everything above left the ledger whole.
    expect((await verifyLedger(server.services)).ok).toBe(true);
  });
});
