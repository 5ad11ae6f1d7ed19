import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficePolicy, bulkActions } from "@forgehire/core";
import { recordReliability } from "@forgehire/services/testing";
import { dbFingerprint } from "../../test/db-fingerprint.js";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { routeTable, type RouteEntry } from "../../test/route-table.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/**
 * The back office's guard removed (a test-only option of the app), every /api/admin route of the app's route table
 * is sent by a signed-in client and a signed-in freelancer with real ids and a plausible body: each use case must
 * refuse by itself (403 ADMIN_ONLY) and nothing may change. The admin then sends the same requests and gets them
 * all, so the ids and bodies are ones a missing check would let through.
 */

let server: TestServer;
let admin: BuiltUser;
let client: BuiltUser;
let freelancer: BuiltUser;
let bystander: BuiltUser;
/** A record of each resource; the client owns the jobs, so the portal's own rules would let it edit their backlog. */
const ids: Record<string, string | number> = {};
let roomlessJob = 0;
/** A deleted job (restore) and a charge flagged needs_refund (Refund now): records the admin's request succeeds on. */
let deletedJob = 0;
let refundable = "";
/** What is held for the open dispute's story: the resolution the admin sends releases all of it. */
let disputedCents = 0;

/** Routes under /api/admin that read or change no admin data: the catch-all names an unknown resource. */
const holdsNoAdminData = new Set(["ALL /api/admin/{*rest}"]);

/** The resources the back office declares (admin/src/App.tsx), read from their declaration. */
function declaredResources(): string[] {
  const app = readFileSync(new URL("../../../../../admin/src/App.tsx", import.meta.url), "utf8");
  return [...app.matchAll(/<Resource\s+name="([^"]+)"/g)].map((match) => match[1]!);
}

/** The resource of an admin path (`/api/admin/users/:id` → users); the dashboard's counters are `stats`. */
const resourceOf = (path: string) => path.split("/")[3]!;

function adminRoutes(): RouteEntry[] {
  return routeTable(server.app).filter((route) => route.path === "/api/admin" || route.path.startsWith("/api/admin/"));
}

/** The request a route gets: its path with the resource's real id, and the body the back office would send. */
async function requestFor(route: RouteEntry): Promise<{ url: string; body: Record<string, unknown> }> {
  const resource = resourceOf(route.path);
  // The export reads any list (`/:resource/export.csv`): the jobs' stands for all of them.
  const url = route.path.replace(":resource", "jobs").replace(":id", encodeURIComponent(String(ids[resource])));
  if (route.method === "PUT") {
    // react-admin PUTs the whole record it showed, changed: read it as the admin, as the back office does.
    const record = (await admin.agent.get(url).expect(200)).body as Record<string, unknown>;
    return { url, body: { ...record, title: "Hijacked title", firstName: "Hijacked", userType: "admin", disabled: true } };
  }
  if (route.method === "POST" && url === "/api/admin/emails") return { url, body: { jobId: ids.jobs, subject: "Hijacked", message: "Sent as someone else" } };
  if (route.method === "POST" && url === "/api/admin/chat-rooms") return { url, body: { jobId: roomlessJob } };
  if (route.method === "POST" && url.endsWith("/hide")) return { url, body: { reason: "Hijacked" } };
  // Bulk actions answer 200 per record; ids of no record keep the admin's pass from changing what later routes use.
  if (route.method === "POST" && url.endsWith("/bulk")) {
    const action = (bulkActions as Record<string, readonly string[]>)[resource]![0];
    return { url, body: { action, ids: [resource === "jobs" ? 2_000_000_000 : "00000000-0000-4000-8000-000000000000"] } };
  }
  if (route.method === "POST" && url.endsWith("/restore")) return { url: `/api/admin/jobs/${deletedJob}/restore`, body: {} };
  if (route.method === "POST" && url.endsWith("/refund")) return { url: `/api/admin/payments/${refundable}/refund`, body: {} };
  if (route.method === "POST" && url.endsWith("/resolve")) return { url, body: { releaseCents: disputedCents, refundCents: 0, note: "Hijacked" } };
  return { url, body: {} };
}

const requests = new Map<string, { url: string; body: Record<string, unknown> }>();
const keyOf = (route: RouteEntry) => `${route.method} ${route.path}`;

/** Every route's request, made before any is sent: a request that got through must not spoil the next one's. */
async function prepare(routes: RouteEntry[]): Promise<void> {
  for (const route of routes) if (!requests.has(keyOf(route))) requests.set(keyOf(route), await requestFor(route));
}

function send(user: BuiltUser, route: RouteEntry) {
  const { url, body } = requests.get(keyOf(route))!;
  const method = route.method.toLowerCase() as "get" | "put" | "post" | "delete" | "patch";
  return user.agent[method](url).send(body);
}

beforeAll(async () => {
  server = await startTestServer({}, { withoutAdminGuard: true });
  [admin, client, freelancer, bystander] = await Promise.all([buildAdmin(server), buildClient(server), buildFreelancer(server), buildClient(server)]);
  const db = server.services.db;

  // An open, unlocked job of the client's with a backlog: the portal lets its owner edit and delete its stories.
  const job = (await buildJob(client, { title: "Unguarded" })).id;
  await client.agent.post(`/api/jobs/${job}/breakdown`).expect(201);
  const [story, other] = await db("requirement_tasks").where({ job_id: job, type: "story" }).orderBy("created_at").limit(2);
  // A task of another story, so that deleting the story (last, as the admin) leaves it to delete too.
  const task = await db("requirement_tasks").where({ job_id: job, type: "task", story_id: other.id }).first();
  // A locked job with a change request and a payment attempt.
  const locked = (await buildJob(client, { title: "Locked" })).id;
  await client.agent.post(`/api/jobs/${locked}/breakdown`).expect(201);
  await client.agent.post(`/api/jobs/${locked}/lock`).expect(200);
  const changeRequest = (await client.agent.post(`/api/jobs/${locked}/change-requests`).send({ description: "More" }).expect(201)).body.changeRequest.id;
  const [payment] = await db("payments").insert({ job_id: locked, user_id: client.user.id, provider: "test", amount: 100 }).returning("id");
  roomlessJob = (await buildJob(client, { title: "No room yet" })).id;
  deletedJob = (await buildJob(client, { title: "Deleted" })).id;
  await client.agent.delete(`/api/jobs/${deletedJob}`).expect(204);
  const [flagged] = (await db("payments")
    .insert({
      job_id: locked,
      user_id: client.user.id,
      provider: "test",
      amount: 100,
      attempt: 2,
      status: "needs_refund",
      provider_payment_id: "pi_test_unguarded_refund",
      refund_reason: "already_paid",
    })
    .returning("id")) as Array<{ id: string }>;
  refundable = flagged!.id;
  const room = (await admin.agent.post("/api/admin/chat-rooms").send({ jobId: job }).expect(201)).body.roomId;
  const message = (await admin.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Hello" }).expect(201)).body.id;
  // A paid job in progress with an open dispute on one story.
  const paid = (await buildJob(client, { title: "Disputed" })).id;
  await client.agent.post(`/api/jobs/${paid}/breakdown`).expect(201);
  await client.agent.post(`/api/jobs/${paid}/lock`).expect(200);
  await payByTestCard(client, paid);
  await freelancer.agent.post(`/api/jobs/${paid}/start`).expect(200);
  const disputedStory = await db("requirement_tasks").where({ job_id: paid, type: "story" }).orderBy("created_at").first();
  disputedCents = Number(disputedStory.amount_cents);
  const dispute = (await client.agent.post(`/api/jobs/${paid}/disputes`).send({ reason: "Late", storyId: disputedStory.id }).expect(201)).body.dispute.id;
  // A payout: the freelancer onboarded on the test provider, the job's second story approved and transferred.
  const link = new URL((await freelancer.agent.post("/api/payouts/onboarding").expect(200)).body.url);
  await freelancer.agent
    .post("/api/payouts/test/onboarding")
    .send({ account: link.searchParams.get("account") })
    .expect(200);
  const paidStory = await db("requirement_tasks").where({ job_id: paid, type: "story" }).orderBy("created_at").offset(1).first();
  for (const t of await db("requirement_tasks").where({ job_id: paid, type: "task", story_id: paidStory.id })) {
    await freelancer.agent.patch(`/api/tasks/${t.id}/status`).send({ status: "done" }).expect(200);
  }
  await freelancer.agent.post(`/api/stories/${paidStory.id}/submit`).send({ note: "Done" }).expect(200);
  await client.agent.post(`/api/stories/${paidStory.id}/approve`).expect(200);
  await server.services.settle();
  const payout = (await db("payouts").where({ story_id: paidStory.id }).first("id")).id;
  const email = (await db("emails").first("id")).id;
  await db("emails").where({ id: email }).update({ status: "failed", error: "down" });
  // A completed job with the client's review of the freelancer.
  const done = (await buildJob(client, { title: "Reviewed" })).id;
  await client.agent.post(`/api/jobs/${done}/breakdown`).expect(201);
  await client.agent.post(`/api/jobs/${done}/lock`).expect(200);
  await payByTestCard(client, done);
  await freelancer.agent.post(`/api/jobs/${done}/start`).expect(200);
  await admin.agent.post(`/api/jobs/${done}/complete`).expect(200);
  const review = (await client.agent.post(`/api/jobs/${done}/reviews`).send({ rating: 4, text: "Good work, delivered as agreed." }).expect(201)).body.review.id;
  // The completion's releases queue payouts to the onboarded freelancer: let them land before the fingerprint.
  await server.services.settle();
  const [profile] = await db("freelancers")
    .insert({ user_id: freelancer.user.id, name: "F", email: freelancer.user.email, title: "T", bio: "B", hourly_rate: 1 })
    .returning("id");
  Object.assign(ids, {
    users: bystander.user.id,
    jobs: job,
    stories: story.id,
    tasks: task.id,
    "change-requests": changeRequest,
    "chat-rooms": room,
    messages: message,
    emails: email,
    payments: payment.id,
    freelancers: profile.id,
    disputes: dispute,
    reviews: review,
    payouts: payout,
    deliveries: disputedStory.id,
    "ledger-transactions": (await db("ledger_transactions").where({ job_id: paid }).first("id")).id,
    documents: (await db("billing_documents").where({ job_id: paid }).first("id")).id,
    // The admin's completion above is in the audit trail.
    "audit-log": String((await db("audit_log").first("id")).id),
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("back-office use cases check their actor themselves", () => {
  it("[rights-5] the route table covers every resource the back office declares, and each is a row of core's policy", () => {
    const resources = new Set(adminRoutes().map((route) => resourceOf(route.path)));
    for (const declared of declaredResources()) {
      expect(resources, `no /api/admin route for the back office's ${declared}`).toContain(declared);
      expect(Object.keys(backOfficePolicy), `no policy row for ${declared}`).toContain(declared);
    }
    expect(declaredResources().length).toBeGreaterThanOrEqual(10);
  });

  it("[rights-5] with the router's guard removed, a client and a freelancer get 403 from every /api/admin route, and nothing changes", async () => {
    const routes = adminRoutes().filter((route) => !holdsNoAdminData.has(`${route.method} ${route.path}`));
    expect(routes.length).toBeGreaterThanOrEqual(30);
    await prepare(routes);
    const before = await dbFingerprint(server.services.db);
    const reached: string[] = [];
    for (const user of [client, freelancer]) {
      for (const route of routes) {
        const res = await send(user, route);
        const answer = res.body as { error?: { code?: string } };
        if (res.status !== 403 || answer.error?.code !== "ADMIN_ONLY") {
          reached.push(`${route.method} ${route.path} as a ${user.user.userType}: ${res.status} ${answer.error?.code ?? ""}`.trim());
        }
      }
    }
    const after = await dbFingerprint(server.services.db);
    recordReliability({ id: "rights-5", metric: "admin routes walked", value: routes.length, unit: "routes" });
    recordReliability({ id: "rights-5", metric: "admin routes reaching a non-admin", value: reached.length, unit: "routes" });
    expect.soft(reached, "routes whose use case did not refuse a non-admin").toEqual([]);
    expect(after, "a refused request changed the database").toBe(before);
  });

  it("[rights-5] the same requests are the admin's (so the ids and bodies above are ones a missing check lets through)", async () => {
    // Deletes last, the job's own after its backlog's: each must still find its record.
    const order = (route: RouteEntry) => (route.method !== "DELETE" ? 0 : resourceOf(route.path) === "jobs" ? 2 : 1);
    const routes = adminRoutes()
      .filter((route) => !holdsNoAdminData.has(`${route.method} ${route.path}`))
      .sort((a, b) => order(a) - order(b));
    await prepare(routes);
    const refused: string[] = [];
    for (const route of routes) {
      const res = await send(admin, route);
      if (res.status >= 300) refused.push(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });

  it("[rights-5] the catch-all holds no data: an unknown resource is 404 to anyone", async () => {
    expect((await client.agent.get("/api/admin/unknown-resource").expect(404)).body.error.code).toBe("UNKNOWN_RESOURCE");
    // Signed out is still refused before any route.
    await server.agent().get("/api/admin/users").expect(401);
  });
});
