import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutsPageSchema, releaseAmounts, type EarningsBody, type Payout, type Story } from "@forgehire/core";
import { payOutAvailable, verifyLedger, type TestPaymentProvider } from "@forgehire/services";
import { ledgerRepository } from "@forgehire/services/repositories";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

// Payouts through the built-in test provider: its own onboarding page, its recorded transfers, our payouts table.
let server: TestServer;
let alice: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, admin] = await Promise.all([buildClient(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services.db;
const provider = () => server.services.payments as TestPaymentProvider;

async function startedJob(freelancer: BuiltUser) {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(alice, job.id);
  await freelancer.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  return { job, stories };
}

async function approve(story: Story, freelancer: BuiltUser): Promise<{ netCents: number }> {
  for (const task of story.tasks) await freelancer.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  await freelancer.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Ready" }).expect(200);
  const res = await alice.agent.post(`/api/stories/${story.id}/approve`).expect(200);
  return res.body.release as { netCents: number };
}

const earnings = async (freelancer: BuiltUser) => (await freelancer.agent.get("/api/earnings").expect(200)).body as EarningsBody;

/** Onboards the freelancer on the test provider's page, as the browser does: the link, the page, its form. */
async function onboard(freelancer: BuiltUser) {
  const { url } = (await freelancer.agent.post("/api/payouts/onboarding").expect(200)).body as { url: string };
  const link = new URL(url);
  expect(link.pathname).toBe("/api/payouts/test/onboarding");
  const page = await freelancer.agent.get(link.pathname + link.search).expect(200);
  expect(page.type).toBe("text/html");
  expect(page.text).toContain("Complete onboarding");
  const account = link.searchParams.get("account")!;
  const done = await freelancer.agent.post("/api/payouts/test/onboarding").type("form").send({ account }).expect(303);
  expect(done.headers.location).toBe("/earnings?payouts=done");
  await server.services.settle();
  return account;
}

describe("payouts through the test provider", () => {
  it("[payout-1] only a freelancer starts onboarding: clients and admins 403 PAYOUTS_DENIED, visitors 401; the link is the provider's own page", async () => {
    for (const someone of [alice, admin]) {
      expect((await someone.agent.post("/api/payouts/onboarding").expect(403)).body.error.code).toBe("PAYOUTS_DENIED");
      expect((await someone.agent.get("/api/payouts").expect(403)).body.error.code).toBe("PAYOUTS_DENIED");
    }
    await server.agent().post("/api/payouts/onboarding").expect(401);
    const nova = await buildFreelancer(server);
    const first = (await nova.agent.post("/api/payouts/onboarding").expect(200)).body as { url: string };
    const again = (await nova.agent.post("/api/payouts/onboarding").expect(200)).body as { url: string };
    // One connected account per freelancer, however often they start.
    expect(new URL(again.url).searchParams.get("account")).toBe(new URL(first.url).searchParams.get("account"));
    expect(await db()("connected_accounts").where({ user_id: nova.user.id })).toHaveLength(1);
    expect((await earnings(nova)).payoutsEnabled).toBe(false);
  });

  it("[payout-1] another freelancer cannot complete someone else's onboarding (404), nor a client", async () => {
    const [nova, mallory] = await Promise.all([buildFreelancer(server), buildFreelancer(server)]);
    const { url } = (await nova.agent.post("/api/payouts/onboarding").expect(200)).body as { url: string };
    const account = new URL(url).searchParams.get("account")!;
    expect((await mallory.agent.post("/api/payouts/test/onboarding").send({ account }).expect(404)).body.error.code).toBe("PAYOUT_ACCOUNT_NOT_FOUND");
    await mallory.agent.get(`/api/payouts/test/onboarding?account=${account}`).expect(404);
    await alice.agent.post("/api/payouts/test/onboarding").send({ account }).expect(403);
    await nova.agent.post("/api/payouts/test/onboarding").send({ account: "<script>" }).expect(400);
    expect((await earnings(nova)).payoutsEnabled).toBe(false);
  });

  it("[payout-2] a release of a freelancer not onboarded waits as available; completing onboarding transfers it, once", async () => {
    const nova = await buildFreelancer(server);
    const { job, stories } = await startedJob(nova);
    const release = await approve(stories[0]!, nova);
    await server.services.settle();
    let body = await earnings(nova);
    expect(body).toMatchObject({ availableCents: release.netCents, paidOutCents: 0, payoutsEnabled: false });
    expect(await db()("payouts").where({ freelancer_id: nova.user.id })).toHaveLength(0);

    await onboard(nova);
    body = await earnings(nova);
    expect(body).toMatchObject({ availableCents: 0, paidOutCents: release.netCents, payoutsEnabled: true });
    expect(body.items.find((item) => item.storyId === stories[0]!.id)?.status).toBe("paid_out");
    const [row] = await db()("payouts").where({ freelancer_id: nova.user.id });
    expect(row).toMatchObject({ status: "paid", job_id: job.id, story_id: stories[0]!.id });
    expect(Number(row.amount_cents)).toBe(release.netCents);
    const sent = provider().transfers.filter((t) => t.idempotencyKey === row.idempotency_key);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: release.netCents, transferGroup: `job_${job.id}`, destination: row.provider_account_id });
    expect(row.idempotency_key).toBe(`forgehire-transfer-${row.release_transaction_id}`);
    expect(row.provider_transfer_id).toBe(sent[0]!.id);

    // Runs again (a retry, another job for the same freelancer) pay nothing twice.
    await payOutAvailable(server.services, nova.user.id);
    await payOutAvailable(server.services, nova.user.id);
    expect(await db()("payouts").where({ freelancer_id: nova.user.id })).toHaveLength(1);
    expect(provider().transfers.filter((t) => t.idempotencyKey === row.idempotency_key)).toHaveLength(1);
    const ledger = await ledgerRepository.listForJob(db(), job.id);
    expect(ledger.filter((t) => t.kind === "payout")).toHaveLength(1);
  });

  it("[payout-3] once onboarded, each approval is transferred by the queue on its own: one transfer and one payout transaction per release", async () => {
    const nova = await buildFreelancer(server);
    await onboard(nova);
    const { job, stories } = await startedJob(nova);
    const first = await approve(stories[0]!, nova);
    const second = await approve(stories[1]!, nova);
    await server.services.settle();
    const body = await earnings(nova);
    expect(body).toMatchObject({ availableCents: 0, paidOutCents: first.netCents + second.netCents });
    const rows = await db()("payouts").where({ job_id: job.id }).orderBy("created_at");
    expect(rows.map((r) => [r.story_id, Number(r.amount_cents), r.status])).toEqual([
      [stories[0]!.id, first.netCents, "paid"],
      [stories[1]!.id, second.netCents, "paid"],
    ]);
    const payoutTransactions = (await ledgerRepository.listForJob(db(), job.id)).filter((t) => t.kind === "payout");
    expect(payoutTransactions).toHaveLength(2);
    for (const t of payoutTransactions) expect(t.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);

    // GET /api/payouts: the freelancer's transfers, newest first, paginated.
    const page = (await nova.agent.get("/api/payouts?perPage=1").expect(200)).body;
    expect(payoutsPageSchema.parse(page)).toEqual(page);
    expect(page).toMatchObject({ total: 2, page: 1, perPage: 1 });
    expect((page.items as Payout[])[0]).toMatchObject({ storyId: stories[1]!.id, status: "paid", amountCents: second.netCents, jobId: job.id });
    const next = (await nova.agent.get("/api/payouts?perPage=1&page=2").expect(200)).body;
    expect((next.items as Payout[])[0]?.storyId).toBe(stories[0]!.id);
    // Nobody else's: another freelancer sees none of them.
    const other = await buildFreelancer(server);
    expect((await other.agent.get("/api/payouts").expect(200)).body.total).toBe(0);
    await nova.agent.get("/api/payouts?perPage=0").expect(400);
  });

  it("[payout-4] the back office lists payouts ra-data-simple-rest style with freelancer, job, amount and status; admins only", async () => {
    const res = await admin.agent.get(`/api/admin/payouts?sort=${encodeURIComponent('["createdAt","DESC"]')}&range=[0,1]`).expect(200);
    expect(res.headers["content-range"]).toMatch(/^payouts 0-1\/\d+$/);
    const rows = res.body as Payout[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ status: "paid", provider: "test" });
    expect(rows[0]!.freelancerName).not.toBe("");
    expect(rows[0]!.jobTitle).not.toBe("");
    const one = (await admin.agent.get(`/api/admin/payouts/${rows[0]!.id}`).expect(200)).body as Payout;
    expect(one.id).toBe(rows[0]!.id);
    const filtered = await admin.agent.get(`/api/admin/payouts?filter=${encodeURIComponent(JSON.stringify({ status: "failed" }))}`).expect(200);
    expect((filtered.body as Payout[]).every((p) => p.status === "failed")).toBe(true);
    await alice.agent.get("/api/admin/payouts").expect(403);
    await admin.agent.get(`/api/admin/payouts?filter=${encodeURIComponent(JSON.stringify({ status: "lost" }))}`).expect(400);
  });

  it("[payout-5] after every payout above, ledger:verify finds every invariant holding", async () => {
    const verification = await verifyLedger(server.services);
    expect(verification.violations).toEqual([]);
    expect(verification.ok).toBe(true);
  });

  it("[payout-2] a milestone's net is what is transferred: gross less the platform fee", async () => {
    const rows = await db()("payouts").select("amount_cents", "release_transaction_id");
    for (const row of rows) {
      const release = (await db()("ledger_entries").where({ transaction_id: row.release_transaction_id, account_kind: "escrow" }).first()) as {
        amount_cents: string;
      };
      expect(Number(row.amount_cents)).toBe(releaseAmounts(-Number(release.amount_cents), 10).netCents);
    }
  });
});
