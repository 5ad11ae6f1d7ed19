import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminDeliveryDetailsSchema,
  adminDeliverySchema,
  adminDisputeDetailsSchema,
  adminDisputeSchema,
  adminLedgerTransactionSchema,
  adminStatsSchema,
  releaseAmounts,
  type AdminDelivery,
  type AdminLedgerTransaction,
  type AdminStats,
  type Story,
} from "@forgehire/core";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { dataProviderFor, refusal } from "./ra-client.js";

let server: TestServer;
let alice: BuiltUser;
let nova: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, nova, admin] = await Promise.all([buildClient(server), buildFreelancer(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

/** A job of alice's broken down, locked (milestones fixed), paid by test card and started by nova. */
async function startedJob() {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  const { priceCents } = await payByTestCard(alice, job.id);
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  expect(stories.length).toBeGreaterThanOrEqual(3);
  return { job, stories, priceCents };
}

async function submitted(story: Story, body: { note: string; links?: string[] } = { note: "Ready for review" }) {
  for (const task of story.tasks) await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  return (await nova.agent.post(`/api/stories/${story.id}/submit`).send(body).expect(200)).body.story as Story;
}

const list = (resource: string, query: { sort?: unknown; range?: unknown; filter?: unknown }) =>
  admin.agent.get(`/api/admin/${resource}`).query(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])));

const stats = async () => adminStatsSchema.parse((await admin.agent.get("/api/admin/stats").expect(200)).body) as AdminStats;

describe("deliveries", () => {
  it("[admin-money-1] lists stories in review by due time soonest first, ra-data-simple-rest exactly; other states by filter; non-admins 403", async () => {
    const first = await startedJob();
    const second = await startedJob();
    const early = await submitted(first.stories[0]!);
    const late = await submitted(second.stories[0]!);
    expect(new Date(early.delivery.reviewDueAt!).getTime()).toBeLessThan(new Date(late.delivery.reviewDueAt!).getTime());

    const res = await list("deliveries", { sort: ["reviewDueAt", "ASC"], range: [0, 99], filter: { status: "in_review" } }).expect(200);
    const rows = res.body as AdminDelivery[];
    for (const row of rows) expect(adminDeliverySchema.parse(row)).toEqual(row);
    expect(rows.every((row) => row.status === "in_review")).toBe(true);
    const dues = rows.map((row) => new Date(row.reviewDueAt!).getTime());
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(rows.map((row) => row.id).indexOf(early.id)).toBeLessThan(rows.map((row) => row.id).indexOf(late.id));
    expect(res.headers["content-range"]).toBe(`deliveries 0-${rows.length - 1}/${rows.length}`);
    expect(res.headers["access-control-expose-headers"]).toMatch(/Content-Range/);
    expect(rows.find((row) => row.id === early.id)).toMatchObject({
      jobId: first.job.id,
      jobTitle: first.job.title,
      title: first.stories[0]!.title,
      amountCents: first.stories[0]!.amountCents,
      freelancerId: nova.user.id,
      freelancerName: `${nova.user.firstName} ${nova.user.lastName}`,
      submittedAt: early.delivery.submittedAt,
      reviewDueAt: early.delivery.reviewDueAt,
    });

    // A range is a page of the whole count; the opposite order puts the latest due first.
    const page = await list("deliveries", { sort: ["reviewDueAt", "DESC"], range: [0, 0], filter: { status: "in_review" } }).expect(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers["content-range"]).toBe(`deliveries 0-0/${rows.length}`);
    expect(new Date((page.body as AdminDelivery[])[0]!.reviewDueAt!).getTime()).toBe(Math.max(...dues));

    // Other delivery states by filter, per job; milestones sortable.
    const building = await list("deliveries", { sort: ["amountCents", "DESC"], range: [0, 99], filter: { status: "building", jobId: first.job.id } }).expect(
      200,
    );
    expect((building.body as AdminDelivery[]).map((row) => row.id).sort()).toEqual(
      first.stories
        .slice(1)
        .map((story) => story.id)
        .sort(),
    );
    const amounts = (building.body as AdminDelivery[]).map((row) => row.amountCents!);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    // ra-data-simple-rest's own getList and getMany.
    const { dataProvider } = await dataProviderFor(server, admin);
    const viaProvider = await dataProvider.getList("deliveries", {
      pagination: { page: 1, perPage: 5 },
      sort: { field: "reviewDueAt", order: "ASC" },
      filter: { jobId: second.job.id, status: "in_review" },
    });
    expect(viaProvider).toMatchObject({ total: 1, data: [expect.objectContaining({ id: late.id })] });
    expect((await dataProvider.getMany("deliveries", { ids: [early.id, late.id] })).data.map((row) => row.id).sort()).toEqual([early.id, late.id].sort());

    await list("deliveries", { sort: ["delivery_note", "ASC"] }).expect(400);
    await list("deliveries", { filter: { status: "lost" } }).expect(400);
    for (const someone of [alice, nova]) {
      expect((await someone.agent.get("/api/admin/deliveries").expect(403)).body.error.code).toBe("ADMIN_ONLY");
      expect((await someone.agent.get(`/api/admin/deliveries/${early.id}`).expect(403)).body.error.code).toBe("ADMIN_ONLY");
      const provider = (await dataProviderFor(server, someone)).dataProvider;
      expect(
        await refusal(provider.getList("deliveries", { pagination: { page: 1, perPage: 5 }, sort: { field: "id", order: "ASC" }, filter: {} })),
      ).toMatchObject({
        status: 403,
      });
    }
  });

  it("[admin-money-2] a delivery's page carries its note, links and acceptance criteria with the admin's can/why; approving releases once", async () => {
    const { job, stories } = await startedJob();
    const story = await submitted(stories[0]!, { note: "Deployed to staging", links: ["https://staging.example.com"] });
    const shown = (await admin.agent.get(`/api/admin/deliveries/${story.id}`).expect(200)).body;
    expect(adminDeliveryDetailsSchema.parse(shown)).toEqual(shown);
    expect(shown).toMatchObject({ id: story.id, status: "in_review", note: "Deployed to staging", links: ["https://staging.example.com"] });
    expect(shown.tasks.map((task: { id: string }) => task.id)).toEqual(stories[0]!.tasks.map((task) => task.id));
    expect(shown.tasks.map((task: { acceptanceCriteria: string[] }) => task.acceptanceCriteria)).toEqual(
      stories[0]!.tasks.map((task) => task.acceptanceCriteria),
    );
    expect(shown.tasks.flatMap((task: { acceptanceCriteria: string[] }) => task.acceptanceCriteria).length).toBeGreaterThan(0);
    expect(shown.can).toMatchObject({ approve: true, submit: false });
    expect(shown.why.approve).toBeUndefined();
    // A story still being built: the admin may not approve it, and why says the server's words.
    const building = (await admin.agent.get(`/api/admin/deliveries/${stories[1]!.id}`).expect(200)).body;
    expect(building.can.approve).toBe(false);
    expect(building.why.approve.code).toBe("NOT_IN_REVIEW");

    const approved = await admin.agent.post(`/api/stories/${story.id}/approve`).expect(200);
    expect(approved.body.release).toEqual(releaseAmounts(story.amountCents!, 10));
    const after = (await admin.agent.get(`/api/admin/deliveries/${story.id}`).expect(200)).body;
    expect(after).toMatchObject({ status: "approved", approvedBy: "admin", can: { approve: false }, why: { approve: { code: "NOT_IN_REVIEW" } } });
    expect((await admin.agent.post(`/api/stories/${story.id}/approve`).expect(409)).body.error.code).toBe("NOT_IN_REVIEW");
    const releases = await list("ledger-transactions", { filter: { jobId: job.id, kind: "release" } }).expect(200);
    expect(releases.body).toHaveLength(1);
    expect(releases.body[0]).toMatchObject({ storyId: story.id, amountCents: story.amountCents });

    await admin.agent.get(`/api/admin/deliveries/${stories[0]!.tasks[0]!.id}`).expect(404);
    await admin.agent.get("/api/admin/deliveries/not-a-uuid").expect(404);
  });
});

describe("ledger transactions", () => {
  it("[admin-money-3] every transaction with entries summing to zero, filtered by job and kind, read only; non-admins 403", async () => {
    const { job, stories, priceCents } = await startedJob();
    const story = await submitted(stories[0]!);
    await alice.agent.post(`/api/stories/${story.id}/approve`).expect(200);

    const res = await list("ledger-transactions", { sort: ["createdAt", "ASC"], range: [0, 99], filter: { jobId: job.id } }).expect(200);
    const rows = res.body as AdminLedgerTransaction[];
    expect(res.headers["content-range"]).toBe("ledger-transactions 0-1/2");
    for (const row of rows) {
      expect(adminLedgerTransactionSchema.parse(row)).toEqual(row);
      expect(row.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
      expect(row).toMatchObject({ jobId: job.id, jobTitle: job.title });
    }
    const { feeCents, netCents } = releaseAmounts(story.amountCents!, 10);
    expect(rows.map((row) => row.kind)).toEqual(["payment_captured", "release"]);
    expect(rows[0]).toMatchObject({ amountCents: priceCents, actorKind: "provider" });
    expect(rows[0]!.entries).toEqual([
      { account: "external_card", accountKind: "external_card", amountCents: -priceCents },
      { account: `escrow:${job.id}`, accountKind: "escrow", amountCents: priceCents },
    ]);
    expect(rows[1]).toMatchObject({ storyId: story.id, amountCents: story.amountCents, actorKind: "client" });
    expect(rows[1]!.entries).toEqual(
      expect.arrayContaining([
        { account: `escrow:${job.id}`, accountKind: "escrow", amountCents: -story.amountCents! },
        { account: `freelancer_available:${nova.user.id}`, accountKind: "freelancer_available", amountCents: netCents },
        { account: "platform_fees", accountKind: "platform_fees", amountCents: feeCents },
      ]),
    );

    // By kind across jobs, newest first by default; one by id; the whole ledger sums to zero.
    const captures = (await list("ledger-transactions", { range: [0, 999], filter: { kind: "payment_captured" } }).expect(200))
      .body as AdminLedgerTransaction[];
    expect(captures.every((row) => row.kind === "payment_captured")).toBe(true);
    expect(captures.map((row) => row.id)).toEqual([...captures.map((row) => row.id)].sort((a, b) => b - a));
    expect(captures.map((row) => row.id)).toContain(rows[0]!.id);
    expect((await admin.agent.get(`/api/admin/ledger-transactions/${rows[1]!.id}`).expect(200)).body).toEqual(rows[1]);
    await admin.agent.get("/api/admin/ledger-transactions/999999999").expect(404);
    await admin.agent.get("/api/admin/ledger-transactions/abc").expect(404);
    // Past PostgreSQL's integer: no such record, not a 500 (found by hostile-routes' fuzzing, FUZZ_SEED=527839520).
    await admin.agent.get("/api/admin/ledger-transactions/2147483648").expect(404);
    await list("ledger-transactions", { filter: { id: ["2147483648"] } }).expect(200);
    const everything = (await list("ledger-transactions", { range: [0, 999] }).expect(200)).body as AdminLedgerTransaction[];
    expect(everything.flatMap((row) => row.entries).reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);

    // Read only: the ledger changes through money movements alone.
    const before = await server.services.db("ledger_entries").count({ n: "*" });
    await admin.agent.put(`/api/admin/ledger-transactions/${rows[1]!.id}`).send({ kind: "refund" }).expect(404);
    await admin.agent.delete(`/api/admin/ledger-transactions/${rows[1]!.id}`).expect(404);
    await admin.agent.post("/api/admin/ledger-transactions").send({ kind: "refund", jobId: job.id }).expect(404);
    expect(await server.services.db("ledger_entries").count({ n: "*" })).toEqual(before);

    await list("ledger-transactions", { filter: { kind: "gift" } }).expect(400);
    for (const someone of [alice, nova]) {
      expect((await someone.agent.get("/api/admin/ledger-transactions").expect(403)).body.error.code).toBe("ADMIN_ONLY");
      await someone.agent.get(`/api/admin/ledger-transactions/${rows[0]!.id}`).expect(403);
    }
  });
});

describe("disputes in the back office", () => {
  it("[admin-money-5] open disputes first with their job and held cents; a dispute's page carries its stories' deliveries and thread", async () => {
    const { job, stories } = await startedJob();
    const inReview = await submitted(stories[0]!, { note: "Here it is", links: ["https://demo.example.com"] });
    const resolvedOne = (await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Settled later", storyId: stories[1]!.id }).expect(201)).body
      .dispute;
    const held1 = stories[1]!.amountCents!;
    await admin.agent
      .post(`/api/admin/disputes/${resolvedOne.id}/resolve`)
      .send({ releaseCents: held1 - 100, refundCents: 100, note: "Split" })
      .expect(200);
    const openOne = (await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Not what we agreed", storyId: inReview.id }).expect(201)).body
      .dispute;

    const res = await list("disputes", { sort: ["status", "ASC"], range: [0, 99], filter: { jobId: job.id } }).expect(200);
    expect(res.headers["content-range"]).toBe("disputes 0-1/2");
    for (const row of res.body) expect(adminDisputeSchema.parse(row)).toEqual(row);
    expect(res.body.map((row: { id: string }) => row.id)).toEqual([openOne.id, resolvedOne.id]);
    expect(res.body[0]).toMatchObject({ status: "open", jobTitle: job.title, heldCents: inReview.amountCents, openedVia: "party", openedBy: alice.user.id });
    expect(res.body[1]).toMatchObject({ status: "resolved", heldCents: held1, releaseCents: held1 - 100, refundCents: 100 });

    const shown = (await admin.agent.get(`/api/admin/disputes/${openOne.id}`).expect(200)).body;
    expect(adminDisputeDetailsSchema.parse(shown)).toEqual(shown);
    expect(shown.stories).toEqual([
      expect.objectContaining({
        id: inReview.id,
        status: "disputed",
        note: "Here it is",
        links: ["https://demo.example.com"],
        amountCents: inReview.amountCents,
      }),
    ]);
    expect(shown.thread).toEqual([expect.objectContaining({ taskId: inReview.id, storyTitle: inReview.title, content: "Dispute opened: Not what we agreed" })]);
    // A resolved story dispute still shows its story.
    expect((await admin.agent.get(`/api/admin/disputes/${resolvedOne.id}`).expect(200)).body.stories.map((s: { id: string }) => s.id)).toEqual([
      stories[1]!.id,
    ]);

    const mismatch = await admin.agent.post(`/api/admin/disputes/${openOne.id}/resolve`).send({ releaseCents: 1, refundCents: 1, note: "" }).expect(400);
    expect(mismatch.body.error).toMatchObject({ code: "RESOLUTION_MISMATCH" });
    expect(mismatch.body.error.message).toContain(String(inReview.amountCents));
    await nova.agent.get(`/api/admin/disputes/${openOne.id}`).expect(403);
  });
});

describe("the dashboard's money", () => {
  it("[admin-money-4] held, in review and disputed are exact to the cent on a built scenario", async () => {
    const before = await stats();
    const { job, stories, priceCents } = await startedJob();
    const [approved, reviewing, disputed] = [stories[0]!, stories[1]!, stories[2]!];
    await submitted(approved);
    await alice.agent.post(`/api/stories/${approved.id}/approve`).expect(200);
    await submitted(reviewing);
    await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Late", storyId: disputed.id }).expect(201);

    const after = await stats();
    const money = (await admin.agent.get(`/api/jobs/${job.id}/money`).expect(200)).body as { heldCents: number };
    // Paid, less the one story released: the rest stays in escrow (in review, disputed or still building).
    expect(money.heldCents).toBe(priceCents - approved.amountCents!);
    expect(after.heldCents - before.heldCents).toBe(priceCents - approved.amountCents!);
    expect(after.inReviewCents - before.inReviewCents).toBe(reviewing.amountCents!);
    expect(after.disputedCents - before.disputedCents).toBe(disputed.amountCents!);
    expect(after.heldCents - before.heldCents).toBe(
      reviewing.amountCents! + disputed.amountCents! + stories.slice(3).reduce((sum, story) => sum + story.amountCents!, 0),
    );

    // Against the database's own sums: every job's escrow, every story in review or disputed.
    const db = server.services.db;
    const sum = async (query: Promise<unknown>) => Number(((await query) as Array<{ total: string | number | null }>)[0]?.total ?? 0);
    expect(after.heldCents).toBe(await sum(db("ledger_entries").where({ account_kind: "escrow" }).sum({ total: "amount_cents" })));
    expect(after.inReviewCents).toBe(await sum(db("requirement_tasks").where({ type: "story", delivery_status: "in_review" }).sum({ total: "amount_cents" })));
    expect(after.disputedCents).toBe(await sum(db("requirement_tasks").where({ type: "story", delivery_status: "disputed" }).sum({ total: "amount_cents" })));
  });
});
