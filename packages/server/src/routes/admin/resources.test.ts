import type { DataProvider } from "ra-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  adminChangeRequestSchema,
  adminChatRoomSchema,
  adminEmailSchema,
  adminFreelancerSchema,
  adminJobDetailsSchema,
  adminJobSchema,
  adminMessageSchema,
  adminPaymentSchema,
  adminStorySchema,
  adminTaskSchema,
  adminUserSchema,
} from "@forgehire/core";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { dataProviderFor, refusal } from "./ra-client.js";

/**
 * Every back-office resource driven by the browser app's own data provider (ra-data-simple-rest), from Node,
 * with a signed-in admin's cookie: getList (sort, range, filter, exact Content-Range), getOne, getMany, and
 * update / delete where the resource has them.
 */

let server: TestServer;
let admin: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;
let fred: BuiltUser;
let ra: DataProvider;
let http: Awaited<ReturnType<typeof dataProviderFor>>["httpClient"];
const jobs = { bakery: 0, garden: 0, paid: 0, gone: 0 };
let fredProfileId = "";
let aliceRoomId = "";
let adminRoomId = "";

const list = (resource: string, params: { sort?: [string, "ASC" | "DESC"]; range?: [number, number]; filter?: Record<string, unknown> } = {}) =>
  ra.getList(resource, {
    sort: { field: params.sort?.[0] ?? "id", order: params.sort?.[1] ?? "ASC" },
    pagination: {
      page: 1,
      perPage: 100,
      ...(params.range && { page: params.range[0] / (params.range[1] - params.range[0] + 1) + 1, perPage: params.range[1] - params.range[0] + 1 }),
    },
    filter: params.filter ?? {},
  });

/** The raw answer of a list, to read Content-Range as sent. */
async function contentRange(resource: string, query: { sort: unknown; range: unknown; filter: unknown }) {
  const search = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])));
  const res = await http(`${server.url}/api/admin/${resource}?${search.toString()}`);
  return res.headers.get("content-range");
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, bob, fred] = await Promise.all([
    buildAdmin(server, { firstName: "Ada", lastName: "Admin" }),
    buildClient(server, { firstName: "Alice", lastName: "Anders" }),
    buildClient(server, { firstName: "Bob", lastName: "Zimmer" }),
    buildFreelancer(server, { firstName: "Fred", lastName: "Free" }),
  ]);
  ({ dataProvider: ra, httpClient: http } = await dataProviderFor(server, admin));
  const db = server.services.db;

  jobs.bakery = (await buildJob(alice, { title: "Open Bakery", scope: 199 })).id;
  jobs.garden = (await buildJob(bob, { title: "Garden Portal", scope: 500 })).id;
  jobs.paid = (await buildJob(alice, { title: "Paid Cafe", scope: 50 })).id;
  jobs.gone = (await buildJob(bob, { title: "Gone Shop", scope: 50 })).id;

  // Backlogs through the API: the rules engine breaks down the bakery and the garden; the garden is then locked
  // and gets a change request; the gone job gets a story, then is deleted.
  await alice.agent.post(`/api/jobs/${jobs.bakery}/breakdown`).expect(201);
  await bob.agent.post(`/api/jobs/${jobs.garden}/breakdown`).expect(201);
  await bob.agent.post(`/api/jobs/${jobs.garden}/lock`).expect(200);
  await bob.agent.post(`/api/jobs/${jobs.garden}/change-requests`).send({ description: "Add a seed catalogue" }).expect(201);
  await bob.agent.post(`/api/jobs/${jobs.gone}/stories`).send({ title: "Gone story" }).expect(201);
  await bob.agent.delete(`/api/jobs/${jobs.gone}`).expect(204);
  await setJobState(server, jobs.paid, { locked: true, payment_status: "paid", status: "in_progress", started_at: new Date(), freelancer_id: fred.user.id });

  const [profile] = (await db("freelancers")
    .insert({ user_id: fred.user.id, name: "Fred Free", email: fred.user.email, title: "Bread platform builder", bio: "Builds shops", hourly_rate: 80 })
    .returning("id")) as Array<{ id: string }>;
  fredProfileId = profile!.id;

  aliceRoomId = (await alice.agent.post("/api/chat/rooms").send({ freelancerId: fredProfileId }).expect(201)).body.roomId;
  await alice.agent.post(`/api/chat/rooms/${aliceRoomId}/messages`).send({ content: "Can you bake a website?" }).expect(201);
  await fred.agent.post(`/api/chat/rooms/${aliceRoomId}/messages`).send({ content: "Sourdough ready" }).expect(201);
  adminRoomId = (await admin.agent.post("/api/admin/chat-rooms").send({ jobId: jobs.garden })).body.roomId;
  await admin.agent.post(`/api/chat/rooms/${adminRoomId}/messages`).send({ content: "About your garden" }).expect(201);
});

afterAll(async () => {
  await server?.stop();
});

describe("users", () => {
  it("lists with sort, range and q, with an exact Content-Range, and answers getOne and getMany", async () => {
    const all = await list("users", { sort: ["email", "ASC"] });
    expect(all.total).toBe(4);
    expect(all.data.map((u) => u.email)).toEqual([admin, alice, bob, fred].map((u) => u.user.email).sort());
    const byName = await list("users", { sort: ["lastName", "DESC"], range: [0, 1] });
    expect(byName.data.map((u) => u.lastName)).toEqual(["Zimmer", "Free"]);
    expect(byName.total).toBe(4);
    expect(await contentRange("users", { sort: ["lastName", "DESC"], range: [2, 3], filter: {} })).toBe("users 2-3/4");
    const searched = await list("users", { filter: { q: "zimm" } });
    expect(searched.data.map((u) => u.id)).toEqual([bob.user.id]);
    const clients = await list("users", { sort: ["firstName", "ASC"], filter: { userType: "client" } });
    expect(clients.data.map((u) => u.firstName)).toEqual(["Alice", "Bob"]);

    const one = await ra.getOne("users", { id: alice.user.id });
    expect(one.data).toMatchObject({ id: alice.user.id, email: alice.user.email, userType: "client", roleType: "job_poster" });
    expect(one.data).not.toHaveProperty("passwordHash");
    const many = await ra.getMany("users", { ids: [alice.user.id, fred.user.id, "not-a-uuid"] });
    expect(many.data.map((u) => u.id).sort()).toEqual([alice.user.id, fred.user.id].sort());
    expect((await refusal(ra.getOne("users", { id: "00000000-0000-4000-8000-000000000000" }))).code).toBe("RECORD_NOT_FOUND");
  });

  it("updates names and type from the whole record react-admin sends, the email staying as it was", async () => {
    const { data: before } = await ra.getOne("users", { id: bob.user.id });
    const { data } = await ra.update("users", {
      id: bob.user.id,
      data: { ...before, firstName: "Robert", email: "hijack@example.test", userType: "freelancer" },
      previousData: before,
    });
    expect(data).toMatchObject({
      id: bob.user.id,
      firstName: "Robert",
      lastName: "Zimmer",
      email: bob.user.email,
      userType: "freelancer",
      roleType: "freelancer",
    });
    const { data: back } = await ra.update("users", { id: bob.user.id, data: { ...data, firstName: "Bob", userType: "client" }, previousData: data });
    expect(back).toMatchObject({ firstName: "Bob", userType: "client", roleType: "job_poster" });

    const blank = await refusal(ra.update("users", { id: bob.user.id, data: { firstName: "  " }, previousData: back }));
    expect(blank).toMatchObject({ status: 400, code: "VALIDATION" });
  });

  it("refuses to demote the last admin (409) and leaves the account an admin", async () => {
    // The last admin demoting themself: refused as one's own type (issue 20) before the last-admin count is read.
    const res = await refusal(ra.update("users", { id: admin.user.id, data: { userType: "client" }, previousData: { id: admin.user.id } }));
    expect(res).toMatchObject({ status: 409, code: "CANNOT_DEMOTE_SELF" });
    expect((await ra.getOne("users", { id: admin.user.id })).data).toMatchObject({ userType: "admin", isAdmin: true });
  });

  it("disables an account (its sessions end, its login answers ACCOUNT_DISABLED) and enables it again", async () => {
    const carol = await buildClient(server, { firstName: "Carol" });
    const { data: before } = await ra.getOne("users", { id: carol.user.id });
    expect(before.disabled).toBe(false);
    const { data } = await ra.update("users", { id: carol.user.id, data: { ...before, disabled: true }, previousData: before });
    expect(data).toMatchObject({ id: carol.user.id, disabled: true });
    await carol.agent.get("/api/auth/me").expect(401);
    const login = await server.agent().post("/api/auth/login").send({ email: carol.user.email, password: carol.password }).expect(403);
    expect(login.body.error.code).toBe("ACCOUNT_DISABLED");
    expect((await list("users", { filter: { disabled: true } })).data.map((u) => u.id)).toEqual([carol.user.id]);
    expect((await list("users", { filter: { disabled: false } })).data.map((u) => u.id)).not.toContain(carol.user.id);

    const { data: enabled } = await ra.update("users", { id: carol.user.id, data: { ...data, disabled: false }, previousData: data });
    expect(enabled.disabled).toBe(false);
    await server.agent().post("/api/auth/login").send({ email: carol.user.email, password: carol.password }).expect(200);
    await server.services.db("users").where({ id: carol.user.id }).delete();
  });

  it("refuses to disable one's own account (409) and leaves it enabled", async () => {
    const { data: me } = await ra.getOne("users", { id: admin.user.id });
    expect(await refusal(ra.update("users", { id: admin.user.id, data: { ...me, disabled: true, firstName: "Changed" }, previousData: me }))).toMatchObject({
      status: 409,
      code: "CANNOT_DISABLE_SELF",
    });
    expect((await ra.getOne("users", { id: admin.user.id })).data).toMatchObject({ disabled: false, firstName: "Ada" });
  });

  it("sends a password reset e-mail through the reset use case", async () => {
    const res = await http(`${server.url}/api/admin/users/${alice.user.id}/send-reset`, { method: "POST" });
    expect(res.status).toBe(202);
    const { data } = await list("emails", { filter: { kind: "password_reset", q: alice.user.email } });
    expect(data).toHaveLength(1);
    // The link itself reaches SMTP only (emails.test.ts reads it there); the outbox shows it withheld.
    expect(data[0]!.text).toContain("[link withheld");
    expect(data[0]!.text).not.toMatch(/token=/);
  });
});

describe("jobs", () => {
  it("lists live jobs with sort, range, view and q, and answers getMany", async () => {
    const all = await list("jobs", { sort: ["title", "ASC"] });
    expect(all.data.map((j) => j.title)).toEqual(["Garden Portal", "Open Bakery", "Paid Cafe"]);
    expect(await contentRange("jobs", { sort: ["title", "ASC"], range: [1, 2], filter: {} })).toBe("jobs 1-2/3");
    expect((await list("jobs", { filter: { view: "paid" } })).data.map((j) => j.id)).toEqual([jobs.paid]);
    expect((await list("jobs", { filter: { q: "anders" }, sort: ["id", "ASC"] })).data.map((j) => j.id)).toEqual([jobs.bakery, jobs.paid]);
    const aliceJobs = await ra.getManyReference("jobs", {
      target: "ownerId",
      id: alice.user.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: "id", order: "ASC" },
      filter: {},
    });
    expect(aliceJobs.data.map((j) => j.id)).toEqual([jobs.bakery, jobs.paid]);
    expect(aliceJobs.total).toBe(2);
    expect((await list("jobs", { filter: { freelancerId: fred.user.id } })).data.map((j) => j.id)).toEqual([jobs.paid]);
    const many = await ra.getMany("jobs", { ids: [jobs.garden, jobs.gone] });
    expect(many.data.map((j) => j.id)).toEqual([jobs.garden]);
  });

  it("getOne returns the job page: requirements, stories with tasks, change requests, payments and the activity log", async () => {
    const { data } = await ra.getOne("jobs", { id: jobs.garden });
    expect(data).toMatchObject({ id: jobs.garden, title: "Garden Portal", ownerName: "Bob Zimmer", locked: true, can: expect.any(Object) });
    expect(data.requirements).toMatchObject({ targetAudience: "Gift buyers", userCategories: ["Customers", "Shop staff"] });
    expect(data.stories.length).toBeGreaterThan(1);
    expect(data.stories[0].tasks.length).toBeGreaterThan(0);
    expect(data.changeRequests).toEqual([expect.objectContaining({ description: "Add a seed catalogue", status: "pending" })]);
    expect(data.payments).toEqual([]);
    expect(data.activity.map((entry: { action: string }) => entry.action)).toEqual(["created", "breakdown", "lock", "change_request"]);
    expect((await refusal(ra.getOne("jobs", { id: jobs.gone }))).code).toBe("RECORD_NOT_FOUND");
    expect((await refusal(ra.getOne("jobs", { id: "abc" }))).code).toBe("RECORD_NOT_FOUND");
  });

  it("an admin's edit goes through the portal's rules and keeps the poster as owner", async () => {
    const { data: before } = await ra.getOne("jobs", { id: jobs.bakery });
    const edited = {
      ...before,
      title: "Open Bakery Online",
      ownerId: admin.user.id,
      budget: 1,
      status: "completed",
      requirements: { ...before.requirements, targetAudience: "Bread lovers" },
    };
    const { data } = await ra.update("jobs", { id: jobs.bakery, data: edited, previousData: before });
    expect(data).toMatchObject({ title: "Open Bakery Online", ownerId: alice.user.id, ownerName: "Alice Anders", status: "open", budget: before.budget });
    expect(data.requirements.targetAudience).toBe("Bread lovers");
    const row = await server.services.db("jobs").where({ id: jobs.bakery }).first();
    expect(row).toMatchObject({ owner_id: alice.user.id, title: "Open Bakery Online", status: "open" });

    // Locked: the portal refuses the owner's edit, and the admin's alike.
    const { data: garden } = await ra.getOne("jobs", { id: jobs.garden });
    const locked = await refusal(ra.update("jobs", { id: jobs.garden, data: { ...garden, title: "Changed" }, previousData: garden }));
    expect(locked.status).toBe(409);
    expect((await server.services.db("jobs").where({ id: jobs.garden }).first()).title).toBe("Garden Portal");
  });

  it("deletes under the portal's rules: a paid job is refused (409) and stays, an unpaid one goes", async () => {
    const paid = await refusal(ra.delete("jobs", { id: jobs.paid, previousData: { id: jobs.paid } }));
    expect(paid).toMatchObject({ status: 409, code: "JOB_PAID" });
    expect((await server.services.db("jobs").where({ id: jobs.paid }).first()).status).toBe("in_progress");

    const extra = await buildJob(alice, { title: "Short Lived" });
    const { data } = await ra.delete("jobs", { id: extra.id, previousData: { id: extra.id } });
    expect(data).toMatchObject({ id: extra.id, status: "inactive" });
    expect((await server.services.db("jobs").where({ id: extra.id }).first()).status).toBe("inactive");
    expect((await list("jobs")).data.map((j) => j.id)).not.toContain(extra.id);
  });
});

describe("freelancers", () => {
  it("lists, searches, sorts and reads profiles", async () => {
    const all = await list("freelancers", { sort: ["name", "ASC"] });
    expect(all.total).toBe(1);
    expect(all.data[0]).toMatchObject({ id: fredProfileId, name: "Fred Free", userId: fred.user.id, email: fred.user.email, hourlyRate: 80 });
    expect(await contentRange("freelancers", { sort: ["hourlyRate", "DESC"], range: [0, 9], filter: { q: "bread" } })).toBe("freelancers 0-0/1");
    expect((await list("freelancers", { filter: { q: "plumber" } })).total).toBe(0);
    expect((await ra.getOne("freelancers", { id: fredProfileId })).data.title).toBe("Bread platform builder");
    expect((await ra.getMany("freelancers", { ids: [fredProfileId] })).data).toHaveLength(1);
  });
});

describe("stories and tasks", () => {
  it("lists stories across live jobs with the job's title, filtered by job and q, and getMany", async () => {
    const all = await list("stories", { sort: ["createdAt", "ASC"] });
    const live = await server.services.db("requirement_tasks").whereIn("job_id", [jobs.bakery, jobs.garden]).where({ type: "story" });
    expect(all.total).toBe(live.length);
    expect(all.data.map((s) => s.title)).not.toContain("Gone story");
    const garden = await list("stories", { filter: { jobId: jobs.garden } });
    expect(garden.data.every((s) => s.jobId === jobs.garden && s.jobTitle === "Garden Portal")).toBe(true);
    const first = garden.data[0]!;
    expect(first.taskCount).toBeGreaterThan(0);
    expect(await contentRange("stories", { sort: ["title", "ASC"], range: [0, 0], filter: { jobId: jobs.garden } })).toBe(`stories 0-0/${garden.total}`);
    const word = first.title.split(" ")[0]!;
    expect((await list("stories", { filter: { q: word } })).data.map((s) => s.id)).toContain(first.id);
    expect((await ra.getMany("stories", { ids: [first.id] })).data.map((s) => s.id)).toEqual([first.id]);
  });

  it("edits and deletes a story of an unlocked job; a locked job's story is refused with 409 LOCKED and unchanged", async () => {
    const { data: stories } = await list("stories", { filter: { jobId: jobs.bakery } });
    const story = stories[0]!;
    const { data } = await ra.update("stories", { id: story.id, data: { ...story, title: "Renamed story", jobId: jobs.garden }, previousData: story });
    expect(data).toMatchObject({ id: story.id, title: "Renamed story", jobId: jobs.bakery });
    const deleted = await ra.delete("stories", { id: story.id, previousData: story });
    expect(deleted.data.id).toBe(story.id);
    expect(await server.services.db("requirement_tasks").where({ id: story.id }).first()).toBeUndefined();

    const { data: gardenStories } = await list("stories", { filter: { jobId: jobs.garden } });
    const lockedStory = gardenStories[0]!;
    expect(await refusal(ra.update("stories", { id: lockedStory.id, data: { title: "No" }, previousData: lockedStory }))).toMatchObject({
      status: 409,
      code: "LOCKED",
    });
    expect(await refusal(ra.delete("stories", { id: lockedStory.id, previousData: lockedStory }))).toMatchObject({ status: 409, code: "LOCKED" });
    expect((await ra.getOne("stories", { id: lockedStory.id })).data.title).toBe(lockedStory.title);
  });

  it("lists tasks by story and status, reads one, edits and deletes one", async () => {
    const { data: stories } = await list("stories", { filter: { jobId: jobs.bakery } });
    const story = stories[0]!;
    const { data: tasks, total } = await list("tasks", { filter: { storyId: story.id }, sort: ["createdAt", "ASC"] });
    expect(total).toBe(story.taskCount);
    expect(tasks.every((t) => t.storyId === story.id && t.storyTitle === story.title && t.jobTitle === "Open Bakery Online")).toBe(true);
    expect((await list("tasks", { filter: { status: "done" } })).total).toBe(0);
    const task = tasks[0]!;
    expect((await ra.getOne("tasks", { id: task.id })).data).toMatchObject({ id: task.id, status: "todo" });
    const { data } = await ra.update("tasks", { id: task.id, data: { ...task, priority: "high", title: "Sharper task" }, previousData: task });
    expect(data).toMatchObject({ priority: "high", title: "Sharper task" });
    expect((await refusal(ra.update("tasks", { id: task.id, data: { title: "" }, previousData: task }))).code).toBe("EMPTY_TITLE");
    await ra.delete("tasks", { id: task.id, previousData: task });
    expect((await refusal(ra.getOne("tasks", { id: task.id }))).code).toBe("RECORD_NOT_FOUND");
  });
});

describe("change requests", () => {
  it("lists, filters by job and status, searches and reads one", async () => {
    const { data, total } = await list("change-requests", { sort: ["createdAt", "DESC"] });
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({
      jobId: jobs.garden,
      jobTitle: "Garden Portal",
      status: "pending",
      requestedByName: "Bob Zimmer",
      storyId: expect.any(String),
    });
    expect((await list("change-requests", { filter: { jobId: jobs.bakery } })).total).toBe(0);
    expect((await list("change-requests", { filter: { q: "seed", status: "pending" } })).total).toBe(1);
    expect((await ra.getOne("change-requests", { id: data[0]!.id })).data.description).toBe("Add a seed catalogue");
    expect((await ra.getMany("change-requests", { ids: [data[0]!.id] })).data).toHaveLength(1);
  });
});

describe("chat rooms and messages", () => {
  it("lists rooms with both parties' names and the last message, newest activity first", async () => {
    const { data, total } = await list("chat-rooms", { sort: ["lastMessageAt", "DESC"] });
    expect(total).toBe(2);
    expect(data.map((r) => r.id)).toEqual([adminRoomId, aliceRoomId]);
    expect(data[0]).toMatchObject({ jobId: jobs.garden, jobTitle: "Garden Portal", clientName: "Bob Zimmer", freelancerName: "Ada Admin", messageCount: 1 });
    expect(data[1]).toMatchObject({ clientName: "Alice Anders", freelancerName: "Fred Free", lastMessage: { content: "Sourdough ready" }, messageCount: 2 });
  });

  it("searches q in the client's name, the project's title and the last message; filters by job", async () => {
    const ids = async (filter: Record<string, unknown>) => (await list("chat-rooms", { filter })).data.map((r) => r.id);
    expect(await ids({ q: "alice anders" })).toEqual([aliceRoomId]);
    expect(await ids({ q: "garden" })).toEqual([adminRoomId]);
    expect(await ids({ q: "sourdough" })).toEqual([aliceRoomId]);
    // Only the last message counts: the first one of Alice's room is no longer shown in the list.
    expect(await ids({ q: "bake a website" })).toEqual([]);
    expect(await ids({ jobId: jobs.garden })).toEqual([adminRoomId]);
    expect(await contentRange("chat-rooms", { sort: ["createdAt", "ASC"], range: [1, 1], filter: {} })).toBe("chat-rooms 1-1/2");
    expect((await ra.getOne("chat-rooms", { id: aliceRoomId })).data.clientId).toBe(alice.user.id);
    expect((await ra.getMany("chat-rooms", { ids: [aliceRoomId, adminRoomId] })).data).toHaveLength(2);
  });

  it("lists a room's messages with their senders (getManyReference by roomId), reads one", async () => {
    const { data, total } = await ra.getManyReference("messages", {
      target: "roomId",
      id: aliceRoomId,
      pagination: { page: 1, perPage: 1 },
      sort: { field: "id", order: "ASC" },
      filter: {},
    });
    expect(total).toBe(2);
    expect(data).toEqual([expect.objectContaining({ content: "Can you bake a website?", senderName: "Alice Anders", roomId: aliceRoomId })]);
    expect(await contentRange("messages", { sort: ["id", "ASC"], range: [1, 1], filter: { roomId: aliceRoomId } })).toBe("messages 1-1/2");
    expect((await list("messages", { filter: { q: "garden" } })).data.map((m) => m.roomId)).toEqual([adminRoomId]);
    expect((await ra.getOne("messages", { id: data[0]!.id })).data.content).toBe("Can you bake a website?");
    expect((await refusal(ra.getOne("messages", { id: "abc" }))).code).toBe("RECORD_NOT_FOUND");
  });
});

describe("bad list parameters", () => {
  it.each(["stories", "tasks", "change-requests", "chat-rooms", "messages", "emails", "freelancers", "users"])(
    "%s answers 400 VALIDATION, never 500",
    async (resource) => {
      for (const query of ['sort=["nope","ASC"]', 'filter={"q":42}', "filter=not-json", "range=[5,1]"]) {
        const res = await admin.agent.get(`/api/admin/${resource}?${query}`);
        expect(res.status, `${resource} ${query}`).toBe(400);
        expect(res.body.error.code).toBe("VALIDATION");
      }
    },
  );
});

describe("records", () => {
  // The back office's types are inferred from these schemas: an answer that strays from them is a screen typed wrong.
  const schemas: [resource: string, schema: z.ZodType][] = [
    ["jobs", adminJobSchema],
    ["users", adminUserSchema],
    ["freelancers", adminFreelancerSchema],
    ["stories", adminStorySchema],
    ["tasks", adminTaskSchema],
    ["change-requests", adminChangeRequestSchema],
    ["chat-rooms", adminChatRoomSchema],
    ["messages", adminMessageSchema],
    ["payments", adminPaymentSchema],
    ["emails", adminEmailSchema],
  ];

  // A payment attempt, so the payments list has a row to check.
  beforeAll(async () => {
    const res = await admin.agent.post(`/api/jobs/${jobs.garden}/payment-intent`);
    expect(res.status).toBeLessThan(300);
  });

  it.each(schemas)("every %s row and record matches core's schema of it", async (resource, schema) => {
    const { data } = await list(resource);
    expect(data.length).toBeGreaterThan(0);
    expect(z.array(schema).safeParse(data).error?.issues).toBeUndefined();
    if (data[0]) expect(schema.safeParse((await ra.getOne(resource, { id: data[0].id })).data).error?.issues).toBeUndefined();
  });

  it("the job page matches core's schema of it, its payments included", async () => {
    const { data } = await ra.getOne("jobs", { id: jobs.garden });
    expect(data.payments).toHaveLength(1);
    expect(adminJobDetailsSchema.safeParse(data).error?.issues).toBeUndefined();
  });
});
