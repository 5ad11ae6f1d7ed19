import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earningsCsvHeader, earningsSchema, payoutTransaction, releaseAmounts, type EarningsBody, type Story } from "@forgehire/core";
import { postLedgerTransaction } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let nova: BuiltUser;
let atlas: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, nova, atlas, admin] = await Promise.all([buildClient(server), buildFreelancer(server), buildFreelancer(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services.db;
const net = (story: Story) => releaseAmounts(story.amountCents!, 10).netCents;

/** A job of alice's with stories, locked (milestones fixed), paid by test card and started by the freelancer. */
async function startedJob(freelancer: BuiltUser) {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(alice, job.id);
  await freelancer.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  return { job, stories };
}

async function submit(story: Story, freelancer: BuiltUser) {
  for (const task of story.tasks) await freelancer.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  await freelancer.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Ready" }).expect(200);
}

async function earnings(freelancer: BuiltUser, query = ""): Promise<EarningsBody> {
  const body = (await freelancer.agent.get(`/api/earnings${query}`).expect(200)).body as EarningsBody;
  expect(earningsSchema.parse(body)).toEqual(body);
  return body;
}

describe("GET /api/earnings", () => {
  // Each freelancer of this file has a fresh account: every figure below is theirs alone.
  let job: { id: number; title: string };
  let stories: Story[];

  beforeAll(async () => {
    ({ job, stories } = await startedJob(nova));
    expect(stories.length).toBeGreaterThanOrEqual(3);
  });

  it("[earnings-1] a freelancer with nothing submitted has zero everywhere, no items, and payouts not set up", async () => {
    const body = await earnings(atlas);
    expect(body).toEqual({ inReviewCents: 0, availableCents: 0, paidOutCents: 0, payoutsEnabled: false, items: [], total: 0, page: 1, perPage: 24 });
  });

  it("[earnings-1] a submitted story counts in review at its milestone less the fee; once approved it is available, from the ledger", async () => {
    const [first, second] = stories as [Story, Story];
    await submit(first, nova);
    let body = await earnings(nova);
    expect(body).toMatchObject({ inReviewCents: net(first), availableCents: 0, paidOutCents: 0, total: 1 });
    expect(body.items).toEqual([
      expect.objectContaining({ jobId: job.id, storyId: first.id, storyTitle: first.title, jobTitle: job.title, status: "in_review", releasedAt: null }),
    ]);
    expect(body.items[0]).toMatchObject(releaseAmounts(first.amountCents!, 10));

    const release = (await alice.agent.post(`/api/stories/${first.id}/approve`).expect(200)).body.release as { netCents: number; feeCents: number };
    await submit(second, nova);
    body = await earnings(nova);
    expect(body).toMatchObject({ inReviewCents: net(second), availableCents: release.netCents, paidOutCents: 0, total: 2 });
    // Newest first: the second story's submission came after the first one's release.
    expect(body.items.map((item) => [item.storyId, item.status])).toEqual([
      [second.id, "in_review"],
      [first.id, "available"],
    ]);
    const released = body.items[1]!;
    expect(released).toMatchObject({ grossCents: first.amountCents, feeCents: release.feeCents, netCents: release.netCents });
    expect(released.releasedAt).not.toBeNull();
    // The available figure is the freelancer's ledger balance: the job's money shows the same release.
    const money = (await nova.agent.get(`/api/jobs/${job.id}/money`).expect(200)).body as { releasedCents: number; feeCents: number };
    expect(money.releasedCents - money.feeCents).toBe(body.availableCents);
  });

  it("[earnings-1] a payout of a released story moves it to paid out: the figures follow the freelancer_paid_out account", async () => {
    const first = stories[0]!;
    const before = await earnings(nova);
    const amount = before.items.find((item) => item.storyId === first.id)!.netCents;
    await db().transaction(async (trx) => {
      await postLedgerTransaction(
        trx,
        payoutTransaction({ jobId: job.id, storyId: first.id, freelancerId: nova.user.id, amountCents: amount, reference: `test-${first.id}` }),
        { kind: "system", id: null },
      );
    });
    const after = await earnings(nova);
    expect(after).toMatchObject({ availableCents: before.availableCents - amount, paidOutCents: amount, inReviewCents: before.inReviewCents });
    expect(after.items.find((item) => item.storyId === first.id)?.status).toBe("paid_out");
  });

  it("[earnings-2] a freelancer sees only their own stories and balances, never another freelancer's", async () => {
    const other = await startedJob(atlas);
    await submit(other.stories[0]!, atlas);
    const theirs = await earnings(atlas);
    expect(theirs.items.map((item) => item.storyId)).toEqual([other.stories[0]!.id]);
    expect(theirs).toMatchObject({ inReviewCents: net(other.stories[0]!), availableCents: 0, paidOutCents: 0 });
    const mine = await earnings(nova);
    expect(mine.items.some((item) => item.jobId === other.job.id)).toBe(false);
    // Query parameters name no one: a freelancer cannot ask for someone else's.
    const asked = await earnings(nova, `?userId=${atlas.user.id}`);
    expect(asked.items.some((item) => item.jobId === other.job.id)).toBe(false);
  });

  it("[earnings-3] clients and admins are refused 403 EARNINGS_DENIED, visitors 401, on the list and the export", async () => {
    for (const path of ["/api/earnings", "/api/earnings.csv", "/api/earnings?format=csv"]) {
      for (const someone of [alice, admin]) {
        const res = await someone.agent.get(path).expect(403);
        expect(res.body.error.code).toBe("EARNINGS_DENIED");
      }
      const visitor = await server.agent().get(path).expect(401);
      expect(visitor.body.error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("[earnings-4] pages newest first with page, perPage and total; bad paging or format is 400 in the error shape", async () => {
    const all = await earnings(nova);
    expect(all.total).toBe(2);
    const first = await earnings(nova, "?page=1&perPage=1");
    const second = await earnings(nova, "?page=2&perPage=1");
    expect([...first.items, ...second.items]).toEqual(all.items);
    expect(second).toMatchObject({ page: 2, perPage: 1, total: 2 });
    expect((await earnings(nova, "?page=3&perPage=1")).items).toEqual([]);
    for (const query of ["?perPage=0", "?perPage=101", "?page=0", "?page=x", "?format=xml"]) {
      const res = await nova.agent.get(`/api/earnings${query}`).expect(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
  });

  it("[earnings-5] the CSV export has every item with job and story titles, amounts in dollars with two decimals, formulas defused", async () => {
    const [first, second] = stories as [Story, Story];
    // A client types story titles; one that a spreadsheet would run must arrive as text.
    await db()("requirement_tasks").where({ id: second.id }).update({ title: '=HYPERLINK("http://evil.example","x")' });
    const body = await earnings(nova);
    const res = await nova.agent.get("/api/earnings.csv").expect(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="?forgehire-earnings\.csv"?$/);
    const lines = res.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(earningsCsvHeader.join(","));
    expect(lines).toHaveLength(1 + body.total);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const firstItem = body.items.find((item) => item.storyId === first.id)!;
    const firstLine = lines.find((line) => line.includes(first.id))!;
    expect(firstLine).toContain(`,${dollars(firstItem.grossCents)},${dollars(firstItem.feeCents)},${dollars(firstItem.netCents)},paid_out,`);
    expect(firstLine.startsWith(`${job.id},`)).toBe(true);
    expect(lines.find((line) => line.includes(second.id))).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // The query form answers the same file.
    expect((await nova.agent.get("/api/earnings?format=csv").expect(200)).text).toBe(res.text);
  });
});
