import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EarningsBody, Payout, Story } from "@forgehire/core";
import { payOutAvailable, verifyLedger } from "@forgehire/services";
import { ledgerRepository } from "@forgehire/services/repositories";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { fakeChargeOf, startFakeStripe, stripeEvent, stripeObjectEvent, type FakeStripe } from "../../test/fakes/stripe-server.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { startTwinServer, type TwinServer } from "../../test/twin-server.js";

// Stripe Connect payouts through the real SDK against the local fake of its endpoints: Express accounts, account
// links, transfers with transfer_group, source_transaction and an idempotency key per release, and signed webhooks.
const WEBHOOK_SECRET = "whsec_test_secret_for_forgehire_payouts";
let fake: FakeStripe;
let server: TestServer;
let twin: TwinServer;
let alice: BuiltUser;
let admin: BuiltUser;
const sdk = new Stripe("sk_test_helper");

beforeAll(async () => {
  fake = await startFakeStripe();
  const env = {
    STRIPE_SECRET_KEY: "sk_test_forgehire",
    STRIPE_PUBLISHABLE_KEY: "pk_test_forgehire",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  };
  server = await startTestServer(env);
  twin = await startTwinServer(server, env);
  [alice, admin] = await Promise.all([buildClient(server), buildAdmin(server)]);
});
afterAll(async () => {
  await twin?.stop();
  await server?.stop();
  await fake?.close();
});

const db = () => server.services.db;

function webhook(event: object, on: Pick<TestServer, "agent"> = server) {
  const payload = JSON.stringify(event);
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return on.agent().post("/api/payments/stripe/webhook").set("content-type", "application/json").set("stripe-signature", header).send(payload);
}

/** A job of alice's, locked and paid through Stripe (the intent succeeded at the fake, its webhook delivered), started. */
async function startedJob(freelancer: BuiltUser) {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
  const intent = [...fake.intents.values()].find((i) => i.client_secret === res.body.clientSecret)!;
  intent.status = "succeeded";
  await webhook(stripeEvent("payment_intent.succeeded", intent)).expect(200);
  await freelancer.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  return { job, stories, intent };
}

async function approve(story: Story, freelancer: BuiltUser): Promise<{ netCents: number }> {
  for (const task of story.tasks) await freelancer.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  await freelancer.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Ready" }).expect(200);
  return (await alice.agent.post(`/api/stories/${story.id}/approve`).expect(200)).body.release as { netCents: number };
}

const earnings = async (freelancer: BuiltUser) => (await freelancer.agent.get("/api/earnings").expect(200)).body as EarningsBody;

/** Starts onboarding: the Express account at the fake and our row. */
async function startOnboarding(freelancer: BuiltUser) {
  const { url } = (await freelancer.agent.post("/api/payouts/onboarding").expect(200)).body as { url: string };
  const link = fake.accountLinks.find((l) => l.url === url)!;
  return { url, link, account: fake.accounts.get(link.account)! };
}

/** Stripe's account.updated once onboarding is done, signed, delivered to a server. */
async function enable(accountId: string, on: Pick<TestServer, "agent"> = server) {
  const account = fake.accounts.get(accountId)!;
  Object.assign(account, { payouts_enabled: true, details_submitted: true, charges_enabled: true });
  await webhook(stripeObjectEvent("account.updated", account), on).expect(200);
}

describe("Stripe Connect payouts (real SDK against a local fake)", () => {
  it("[payout-6] onboarding creates one Express account with the transfers capability and answers an account link with our refresh and return URLs", async () => {
    const nova = await buildFreelancer(server);
    const { url, link, account } = await startOnboarding(nova);
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(link).toMatchObject({
      type: "account_onboarding",
      refresh_url: "http://forgehire.test/earnings?payouts=refresh",
      return_url: "http://forgehire.test/earnings?payouts=return",
    });
    expect(account).toMatchObject({ type: "express", email: nova.user.email, metadata: { userId: nova.user.id } });
    // A second start makes a new link for the same account.
    const again = await startOnboarding(nova);
    expect(again.account.id).toBe(account.id);
    expect(await db()("connected_accounts").where({ user_id: nova.user.id })).toEqual([
      expect.objectContaining({ provider: "stripe", provider_account_id: account.id, payouts_enabled: false }),
    ]);
    // The test provider's page does not exist while Stripe is the provider.
    await nova.agent.post("/api/payouts/test/onboarding").send({ account: "acct_test_abc" }).expect(404);
  });

  it("[payout-6] a signed account.updated enables payouts (earnings say so); a bad signature changes nothing; a replay acts once", async () => {
    const nova = await buildFreelancer(server);
    const { account } = await startOnboarding(nova);
    const unsigned = JSON.stringify(stripeObjectEvent("account.updated", { ...account, payouts_enabled: true }));
    await server
      .agent()
      .post("/api/payments/stripe/webhook")
      .set("content-type", "application/json")
      .set("stripe-signature", "t=1,v1=bad")
      .send(unsigned)
      .expect(400);
    expect((await earnings(nova)).payoutsEnabled).toBe(false);
    Object.assign(account, { payouts_enabled: true, details_submitted: true });
    const event = stripeObjectEvent("account.updated", account);
    await webhook(event).expect(200);
    const replay = await webhook(event).expect(200);
    expect(replay.body.duplicate).toBe(true);
    expect((await earnings(nova)).payoutsEnabled).toBe(true);
    // Stripe turning payouts off again (a requirement due) is followed too.
    await webhook(stripeObjectEvent("account.updated", { ...account, payouts_enabled: false })).expect(200);
    expect((await earnings(nova)).payoutsEnabled).toBe(false);
  });

  it("[payout-7] a release becomes a transfer at Stripe: to the account, transfer_group job_<id>, source_transaction the job's charge, idempotency key per release", async () => {
    const nova = await buildFreelancer(server);
    const { account } = await startOnboarding(nova);
    await enable(account.id);
    const { job, stories, intent } = await startedJob(nova);
    const release = await approve(stories[0]!, nova);
    await server.services.settle();
    const [row] = await db()("payouts").where({ job_id: job.id });
    expect(row).toMatchObject({ status: "paid", provider: "stripe", provider_account_id: account.id });
    const transfers = fake.transfers.filter((t) => t.transfer_group === `job_${job.id}`);
    expect(transfers).toEqual([
      expect.objectContaining({
        amount: release.netCents,
        currency: "usd",
        destination: account.id,
        source_transaction: fakeChargeOf(intent.id),
        idempotencyKey: `forgehire-transfer-${row.release_transaction_id}`,
        metadata: expect.objectContaining({ payoutId: row.id, jobId: String(job.id), storyId: stories[0]!.id }),
      }),
    ]);
    expect(row.provider_transfer_id).toBe(transfers[0]!.id);
    expect(await earnings(nova)).toMatchObject({ availableCents: 0, paidOutCents: release.netCents });
  });

  it("[payout-2] released before onboarding, the money waits as available and is transferred when account.updated enables payouts", async () => {
    const nova = await buildFreelancer(server);
    const { job, stories } = await startedJob(nova);
    const release = await approve(stories[0]!, nova);
    await server.services.settle();
    expect(fake.transfers.filter((t) => t.transfer_group === `job_${job.id}`)).toHaveLength(0);
    expect(await earnings(nova)).toMatchObject({ availableCents: release.netCents, paidOutCents: 0 });
    const { account } = await startOnboarding(nova);
    await enable(account.id);
    await server.services.settle();
    expect(fake.transfers.filter((t) => t.transfer_group === `job_${job.id}`)).toHaveLength(1);
    expect(await earnings(nova)).toMatchObject({ availableCents: 0, paidOutCents: release.netCents });
  });

  it("[payout-8] two processes paying the same freelancer at once (queued jobs and direct runs on both) make one transfer per release", async () => {
    const nova = await buildFreelancer(server);
    const { job, stories } = await startedJob(nova);
    await approve(stories[0]!, nova);
    await approve(stories[1]!, nova);
    await server.services.settle();
    const { account } = await startOnboarding(nova);
    // Two account.updated events (Stripe sends one per change) land on the two processes at once: each queues a run.
    Object.assign(fake.accounts.get(account.id)!, { payouts_enabled: true, details_submitted: true });
    await Promise.all([
      webhook(stripeObjectEvent("account.updated", fake.accounts.get(account.id)!), server).expect(200),
      webhook(stripeObjectEvent("account.updated", fake.accounts.get(account.id)!), twin).expect(200),
      payOutAvailable(server.services, nova.user.id),
      payOutAvailable(twin.services, nova.user.id),
      payOutAvailable(twin.services, nova.user.id),
    ]);
    await server.services.settle();
    await twin.services.settle();
    const rows = await db()("payouts").where({ job_id: job.id });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === "paid")).toBe(true);
    const transfers = fake.transfers.filter((t) => t.transfer_group === `job_${job.id}`);
    expect(transfers).toHaveLength(2);
    expect(new Set(transfers.map((t) => t.idempotencyKey)).size).toBe(2);
    const payouts = (await ledgerRepository.listForJob(db(), job.id)).filter((t) => t.kind === "payout");
    expect(payouts).toHaveLength(2);
  });

  it("[payout-8] a transfer whose answer never came (Stripe 500s) stays pending; both processes retrying it send the same key: one transfer", async () => {
    const nova = await buildFreelancer(server);
    const { account } = await startOnboarding(nova);
    await enable(account.id);
    await server.services.settle();
    const { job, stories } = await startedJob(nova);
    // The SDK tries three times (maxNetworkRetries 2): all three fail, so the queued run throws and leaves it pending.
    fake.failNextTransfers(3, 500);
    const before = fake.transferRequests;
    const release = await approve(stories[0]!, nova);
    await expect.poll(() => fake.transferRequests - before, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(await db()("payouts").where({ job_id: job.id, status: "pending" })).toHaveLength(1);
    const [pending] = await db()("payouts").where({ job_id: job.id });
    // Reserved: the ledger already moved it to paid out, so nothing else can take the same money.
    expect(await earnings(nova)).toMatchObject({ availableCents: 0, paidOutCents: release.netCents });
    await Promise.all([payOutAvailable(server.services, nova.user.id), payOutAvailable(twin.services, nova.user.id)]);
    await server.services.settle();
    await twin.services.settle();
    const transfers = fake.transfers.filter((t) => t.transfer_group === `job_${job.id}`);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.idempotencyKey).toBe(pending.idempotency_key);
    expect(await db()("payouts").where({ job_id: job.id })).toEqual([expect.objectContaining({ status: "paid", provider_transfer_id: transfers[0]!.id })]);
  });

  it("[payout-9] transfer.reversed is recorded (status, reason, amount) and the ledger gives the money back to available by one balanced transaction, once", async () => {
    const nova = await buildFreelancer(server);
    const { account } = await startOnboarding(nova);
    await enable(account.id);
    const { job, stories } = await startedJob(nova);
    const release = await approve(stories[0]!, nova);
    await server.services.settle();
    const transfer = fake.transfers.find((t) => t.transfer_group === `job_${job.id}`)!;
    Object.assign(transfer, { reversed: true, amount_reversed: transfer.amount });
    const event = stripeObjectEvent("transfer.reversed", transfer);
    await Promise.all([webhook(event), webhook(event, twin)]);
    await webhook(stripeObjectEvent("transfer.reversed", transfer)).expect(200);
    const [row] = await db()("payouts").where({ job_id: job.id });
    expect(row).toMatchObject({ status: "reversed" });
    expect(Number(row.reversed_cents)).toBe(release.netCents);
    expect(row.failure_reason).toMatch(/reversed/i);
    const payoutTransactions = (await ledgerRepository.listForJob(db(), job.id)).filter((t) => t.kind === "payout");
    expect(payoutTransactions).toHaveLength(2);
    for (const t of payoutTransactions) expect(t.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(await earnings(nova)).toMatchObject({ availableCents: release.netCents, paidOutCents: 0 });
    expect((await earnings(nova)).items.find((i) => i.storyId === stories[0]!.id)?.status).toBe("available");
    // Admins see it.
    const listed = (await admin.agent.get(`/api/admin/payouts?filter=${encodeURIComponent(JSON.stringify({ status: "reversed" }))}`).expect(200))
      .body as Payout[];
    expect(listed.map((p) => p.id)).toContain(row.id);
  });

  it("[payout-9] a transfer Stripe refuses is recorded failed with its reason, and its reservation undone in the ledger", async () => {
    const nova = await buildFreelancer(server);
    const { account } = await startOnboarding(nova);
    await enable(account.id);
    await server.services.settle();
    const { job, stories } = await startedJob(nova);
    fake.refuseNextTransfer("Your destination account needs to have at least one of the following capabilities enabled: transfers");
    const release = await approve(stories[0]!, nova);
    await server.services.settle();
    const [row] = await db()("payouts").where({ job_id: job.id });
    expect(row).toMatchObject({ status: "failed", failure_reason: expect.stringContaining("capabilities") });
    expect(await earnings(nova)).toMatchObject({ availableCents: release.netCents, paidOutCents: 0 });
    const admins = (await admin.agent.get(`/api/admin/payouts/${row.id}`).expect(200)).body as Payout;
    expect(admins).toMatchObject({ status: "failed", failureReason: expect.stringContaining("capabilities") });
  });

  it("[payout-5] after every payout, reversal and refusal above, ledger:verify finds every invariant holding", async () => {
    const verification = await verifyLedger(server.services);
    expect(verification.violations).toEqual([]);
  });
});
