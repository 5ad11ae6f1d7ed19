import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let admin: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;
let freelancer: BuiltUser;

/** The jobs of this file's own database, by role in the tests; ids are filled in beforeAll. */
const jobs = { bakery: 0, garden: 0, due: 0, pending: 0, paid: 0, deleted: 0 };
type Name = keyof typeof jobs;

/** Posts a job over HTTP, then puts it straight into the state (and budget) a test needs. */
async function job(owner: BuiltUser, title: string, budget: number, state: Partial<{ status: string; payment_status: string; locked: boolean }>) {
  const { id } = await buildJob(owner, { title });
  await server.services
    .db("jobs")
    .where({ id })
    .update({ ...state, budget });
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, bob, freelancer] = await Promise.all([
    buildAdmin(server),
    buildClient(server, { firstName: "Alice", lastName: "Anders" }),
    buildClient(server, { firstName: "Bob", lastName: "Zimmer" }),
    buildFreelancer(server),
  ]);
  // Created one after the other, so ids and created_at grow in this order.
  jobs.bakery = await job(alice, "Open Bakery", 300, {});
  jobs.garden = await job(bob, "Garden Portal", 500, { status: "in_progress", payment_status: "paid", locked: true });
  jobs.due = await job(alice, "Due Locked Shop", 100, { status: "completed", payment_status: "unpaid", locked: true });
  jobs.pending = await job(bob, "Pending Books", 400, { status: "completed", payment_status: "pending", locked: false });
  jobs.paid = await job(alice, "Paid Cafe", 200, { status: "completed", payment_status: "paid", locked: true });
  jobs.deleted = await job(alice, "Deleted Thing", 600, { status: "inactive", payment_status: "paid" });

  const db = server.services.db;
  await db("requirement_tasks").insert({ job_id: jobs.bakery, type: "story", title: "Order a cake" });
  await db("requirement_tasks").insert({ job_id: jobs.deleted, type: "story", title: "Gone" });
  const roomId = `admin_${admin.user.id}_${jobs.garden}_1`;
  await db("chat_rooms").insert({ room_id: roomId, client_id: bob.user.id, freelancer_id: `admin_${admin.user.id}`, job_id: jobs.garden });
  await db("messages").insert({ room_id: roomId, sender_id: admin.user.id, receiver_id: bob.user.id, job_id: jobs.garden, content: "Hello" });
});
afterAll(async () => {
  await server?.stop();
});

const list = (query: { sort?: unknown; range?: unknown; filter?: unknown }, agent = admin.agent) =>
  agent
    .get("/api/admin/jobs")
    .query(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)])));

const idsOf = (...names: Name[]) => names.map((name) => jobs[name]);
const bodyIds = (body: Array<{ id: number }>) => body.map((row) => row.id);

describe("GET /api/admin/jobs", () => {
  it("refuses non-admins with 403 and signed-out visitors with 401", async () => {
    for (const other of [alice, freelancer]) {
      const res = await list({}, other.agent).expect(403);
      expect(res.body.error.code).toBe("ADMIN_ONLY");
      await other.agent.get(`/api/admin/jobs/${jobs.due}`).expect(403);
    }
    await server.agent().get("/api/admin/jobs").expect(401);
  });

  it("lists every job that is not deleted, newest first, with Content-Range exposed", async () => {
    const res = await list({}).expect(200);
    expect(bodyIds(res.body)).toEqual(idsOf("paid", "pending", "due", "garden", "bakery"));
    expect(res.headers["content-range"]).toBe("jobs 0-4/5");
    expect(res.headers["access-control-expose-headers"]).toMatch(/Content-Range/);
  });

  const views: Record<string, Name[]> = {
    all: ["bakery", "garden", "due", "pending", "paid"],
    in_progress: ["garden"],
    completed: ["due", "pending", "paid"],
    payment_due: ["due", "pending"],
    paid: ["garden", "paid"],
    with_stories: ["bakery"],
    with_communication: ["garden"],
  };
  it.each(Object.entries(views))("the %s view lists its jobs and never a deleted one", async (view, names) => {
    const res = await list({ sort: ["id", "ASC"], filter: { view } }).expect(200);
    expect(bodyIds(res.body)).toEqual(idsOf(...names));
    expect(res.headers["content-range"]).toBe(`jobs 0-${names.length - 1}/${names.length}`);
  });

  it("sorts by a whitelisted field and pages with range, counting the whole view", async () => {
    const firstPage = await list({ sort: ["budget", "ASC"], range: [0, 1] }).expect(200);
    expect(bodyIds(firstPage.body)).toEqual(idsOf("due", "paid"));
    expect(firstPage.headers["content-range"]).toBe("jobs 0-1/5");
    const secondPage = await list({ sort: ["budget", "ASC"], range: [2, 3] }).expect(200);
    expect(bodyIds(secondPage.body)).toEqual(idsOf("bakery", "pending"));
    expect(secondPage.headers["content-range"]).toBe("jobs 2-3/5");

    const byTitle = await list({ sort: ["title", "DESC"], filter: { view: "completed" } }).expect(200);
    expect(byTitle.body.map((row: { title: string }) => row.title)).toEqual(["Pending Books", "Paid Cafe", "Due Locked Shop"]);
    for (const field of ["status", "paymentStatus", "createdAt"]) {
      await list({ sort: [field, "ASC"] }).expect(200);
    }
  });

  it("searches q in the title and in the poster's name", async () => {
    const byTitle = await list({ filter: { q: "bakery" } }).expect(200);
    expect(bodyIds(byTitle.body)).toEqual(idsOf("bakery"));
    const byOwner = await list({ sort: ["id", "ASC"], filter: { q: "bob zimmer" } }).expect(200);
    expect(bodyIds(byOwner.body)).toEqual(idsOf("garden", "pending"));
    const withView = await list({ filter: { q: "zimmer", view: "payment_due" } }).expect(200);
    expect(bodyIds(withView.body)).toEqual(idsOf("pending"));
    expect(withView.headers["content-range"]).toBe("jobs 0-0/1");
    const none = await list({ filter: { q: "100%_match" } }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers["content-range"]).toBe("jobs 0-0/0");
  });

  it("answers getMany's id filter, one id or a list, and leaves deleted jobs out", async () => {
    const many = await list({ sort: ["id", "ASC"], filter: { id: [jobs.due, jobs.garden, jobs.deleted] } }).expect(200);
    expect(bodyIds(many.body)).toEqual(idsOf("garden", "due"));
    const one = await list({ filter: { id: String(jobs.paid) } }).expect(200);
    expect(bodyIds(one.body)).toEqual(idsOf("paid"));
  });

  it("presents each job as the portal does, with the poster's name and the admin's own abilities", async () => {
    const res = await list({ sort: ["id", "ASC"] }).expect(200);
    const row = res.body.find((r: { id: number }) => r.id === jobs.due);
    expect(row).toMatchObject({
      id: jobs.due,
      title: "Due Locked Shop",
      budget: 100,
      status: "completed",
      paymentStatus: "unpaid",
      locked: true,
      ownerId: alice.user.id,
      ownerName: "Alice Anders",
      hasStories: false,
      hasCommunication: false,
    });
    expect(typeof row.createdAt).toBe("string");
    expect(row.can).toMatchObject({ pay: true });
  });

  it("can.pay is true for a locked unpaid job and false for a paid or an unlocked one", async () => {
    const res = await list({ sort: ["id", "ASC"] }).expect(200);
    const pay = Object.fromEntries(res.body.map((row: { id: number; can: { pay: boolean } }) => [row.id, row.can.pay]));
    expect(pay).toEqual({
      [jobs.bakery]: false,
      [jobs.garden]: false,
      [jobs.due]: true,
      [jobs.pending]: false,
      [jobs.paid]: false,
    });
  });

  it("answers a bad filter or sort with 400 VALIDATION in the API's error shape, never 500", async () => {
    const badView = await list({ filter: { view: "overdue" } }).expect(400);
    expect(badView.body.error).toMatchObject({ code: "VALIDATION", message: "Invalid filter.", fields: { view: "Unknown view" } });
    const badIds = await list({ filter: { id: ["abc"] } }).expect(400);
    expect(badIds.body.error.code).toBe("VALIDATION");
    const badQ = await list({ filter: { q: 42 } }).expect(400);
    expect(badQ.body.error.code).toBe("VALIDATION");
    for (const query of [{ filter: "not-json" }, { sort: ["owner_id", "ASC"] }, { sort: ["id", "SIDEWAYS"] }, { range: [5, 1] }]) {
      const res = await list(query).expect(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION", title: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("GET /api/admin/jobs/:id", () => {
  it("answers one job with can.pay for the admin", async () => {
    const due = await admin.agent.get(`/api/admin/jobs/${jobs.due}`).expect(200);
    expect(due.body).toMatchObject({ id: jobs.due, ownerName: "Alice Anders", can: { pay: true } });
    const paid = await admin.agent.get(`/api/admin/jobs/${jobs.paid}`).expect(200);
    expect(paid.body.can.pay).toBe(false);
  });

  it("answers 404 RECORD_NOT_FOUND for a non-numeric, missing or deleted job", async () => {
    for (const id of ["abc", "0", "99999999", "1e3", String(jobs.deleted)]) {
      const res = await admin.agent.get(`/api/admin/jobs/${id}`).expect(404);
      expect(res.body.error.code).toBe("RECORD_NOT_FOUND");
    }
  });
});
