import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { dataProviderFor, refusal } from "./ra-client.js";

/** Every /api/admin route, asked by a client and by a freelancer: 403 ADMIN_ONLY each time, and no row changes. */

let server: TestServer;
let admin: BuiltUser;
let client: BuiltUser;
let freelancer: BuiltUser;
const ids = { job: 0, story: "", task: "", changeRequest: "", room: "", message: "", email: "", payment: "", freelancer: "" };

/** Tables an admin route could change (sessions are left out: signing in writes them). */
const tables = [
  "users",
  "jobs",
  "job_requirements",
  "requirement_tasks",
  "job_change_requests",
  "chat_rooms",
  "messages",
  "emails",
  "payments",
  "freelancers",
  "password_reset_tokens",
  "job_activity",
];

async function snapshot(): Promise<string> {
  const db = server.services.db;
  const dump: Record<string, unknown> = {};
  for (const table of tables) dump[table] = await db(table).select("*").orderByRaw("1");
  return JSON.stringify(dump);
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, client, freelancer] = await Promise.all([buildAdmin(server), buildClient(server), buildFreelancer(server)]);
  const db = server.services.db;
  ids.job = (await buildJob(client, { title: "Guarded" })).id;
  await client.agent.post(`/api/jobs/${ids.job}/breakdown`).expect(201);
  await client.agent.post(`/api/jobs/${ids.job}/lock`).expect(200);
  ids.changeRequest = (await client.agent.post(`/api/jobs/${ids.job}/change-requests`).send({ description: "More" }).expect(201)).body.changeRequest.id;
  const story = await db("requirement_tasks").where({ job_id: ids.job, type: "story" }).first();
  const task = await db("requirement_tasks").where({ job_id: ids.job, type: "task" }).first();
  ids.story = story.id;
  ids.task = task.id;
  ids.room = (await admin.agent.post("/api/admin/chat-rooms").send({ jobId: ids.job })).body.roomId;
  ids.message = (await admin.agent.post(`/api/chat/rooms/${ids.room}/messages`).send({ content: "Hello" }).expect(201)).body.id;
  ids.email = (await db("emails").first("id")).id;
  await db("emails").where({ id: ids.email }).update({ status: "failed", error: "down" });
  const [payment] = await db("payments").insert({ job_id: ids.job, user_id: client.user.id, provider: "test", amount: 100 }).returning("id");
  ids.payment = payment.id;
  const [profile] = await db("freelancers")
    .insert({ user_id: freelancer.user.id, name: "F", email: freelancer.user.email, title: "T", bio: "B", hourly_rate: 1 })
    .returning("id");
  ids.freelancer = profile.id;
});
afterAll(async () => {
  await server?.stop();
});

describe("every /api/admin route refuses clients and freelancers", () => {
  it("through the data provider: list, one, many, update, delete and create of every resource", async () => {
    const before = await snapshot();
    const records: Record<string, string | number> = {
      jobs: ids.job,
      users: client.user.id,
      freelancers: ids.freelancer,
      stories: ids.story,
      tasks: ids.task,
      "change-requests": ids.changeRequest,
      "chat-rooms": ids.room,
      messages: ids.message,
      payments: ids.payment,
      emails: ids.email,
    };
    for (const user of [client, freelancer]) {
      const { dataProvider: ra } = await dataProviderFor(server, user);
      for (const [resource, id] of Object.entries(records)) {
        // Thunks: each request starts only when its refusal is awaited.
        const calls = [
          () => ra.getList(resource, { sort: { field: "id", order: "ASC" }, pagination: { page: 1, perPage: 10 }, filter: { q: "a" } }),
          () => ra.getOne(resource, { id }),
          () => ra.getMany(resource, { ids: [id] }),
          () => ra.update(resource, { id, data: { title: "Hijacked", firstName: "Hijacked", disabled: true, userType: "admin" }, previousData: { id } }),
          () => ra.delete(resource, { id, previousData: { id } }),
          () => ra.create(resource, { data: { jobId: ids.job, subject: "s", message: "m" } }),
        ];
        for (const call of calls) {
          expect(await refusal(call()), `${resource} as ${user.user.userType}`).toMatchObject({ status: 403, code: "ADMIN_ONLY" });
        }
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it("over plain HTTP: the dashboard, send-reset, resend and the admin room", async () => {
    const before = await snapshot();
    for (const user of [client, freelancer]) {
      for (const [method, path, body] of [
        ["get", "/api/admin/stats"],
        ["get", "/api/admin/stats/charts"],
        ["post", `/api/admin/users/${client.user.id}/send-reset`],
        ["post", `/api/admin/emails/${ids.email}/resend`],
        ["post", "/api/admin/emails", { jobId: ids.job, subject: "s", message: "m" }],
        ["put", `/api/admin/users/${user.user.id}`, { userType: "admin" }],
        ["get", "/api/admin/unknown-resource"],
      ] as const) {
        const res = await user.agent[method](path).send(body ?? {});
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe("ADMIN_ONLY");
      }
    }
    expect(await snapshot()).toBe(before);
    // Signed out: 401, and the admin itself gets the routes.
    await server.agent().get("/api/admin/stats").expect(401);
    await admin.agent.get("/api/admin/stats").expect(200);
    expect((await admin.agent.get("/api/admin/unknown-resource").expect(404)).body.error.code).toBe("UNKNOWN_RESOURCE");
  });
});
