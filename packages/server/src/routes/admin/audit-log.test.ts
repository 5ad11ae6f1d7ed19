import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let admin: BuiltUser;
let other: BuiltUser;
let client: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, other, client] = await Promise.all([
    buildAdmin(server, { firstName: "Ada", lastName: "Admin" }),
    buildAdmin(server, { firstName: "Otto", lastName: "Other" }),
    buildClient(server, { firstName: "Cleo", lastName: "Client" }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

interface Entry {
  id: string;
  actorId: string | null;
  actorName: string;
  via: string;
  action: string;
  resource: string;
  recordId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  createdAt: string;
}

const list = (filter: Record<string, unknown>, extra: Record<string, string> = {}, agent = admin.agent) =>
  agent.get("/api/admin/audit-log").query({ filter: JSON.stringify(filter), ...extra });

async function entriesOf(resource: string, recordId: string | number): Promise<Entry[]> {
  const res = await list({ resource, recordId: String(recordId) }).expect(200);
  return res.body as Entry[];
}

describe("audit trail of back-office changes", () => {
  it("[audit-1] disabling, enabling, renaming and retyping an account each write one entry with before and after", async () => {
    const target = await buildClient(server, { firstName: "Tess", lastName: "Target" });
    const id = target.user.id;
    await admin.agent.put(`/api/admin/users/${id}`).send({ disabled: true }).expect(200);
    await admin.agent.put(`/api/admin/users/${id}`).send({ disabled: false }).expect(200);
    await admin.agent.put(`/api/admin/users/${id}`).send({ firstName: "Tessa" }).expect(200);
    await admin.agent.put(`/api/admin/users/${id}`).send({ userType: "freelancer" }).expect(200);
    const entries = await entriesOf("users", id);
    expect(entries.map((entry) => entry.action)).toEqual(["users.set-type", "users.update", "users.enable", "users.disable"]);
    const [retype, rename, enable, disable] = entries;
    expect(disable).toMatchObject({ actorId: admin.user.id, actorName: "Ada Admin", via: "back-office", resource: "users", recordId: id });
    expect(disable!.before).toEqual({ disabled: false });
    expect(disable!.after).toEqual({ disabled: true });
    expect(enable!.after).toEqual({ disabled: false });
    expect(rename).toMatchObject({ before: { firstName: "Tess" }, after: { firstName: "Tessa" } });
    expect(retype).toMatchObject({ before: { userType: "client", roleType: "job_poster" }, after: { userType: "freelancer", roleType: "freelancer" } });
    expect(Date.parse(disable!.createdAt)).not.toBeNaN();
  });

  it("[audit-1] a job's edit and delete are audited with the changed fields", async () => {
    const job = await buildJob(client, { title: "Audited Bakery" });
    await admin.agent.put(`/api/admin/jobs/${job.id}`).send({ title: "Audited Bakery II" }).expect(200);
    await admin.agent.delete(`/api/admin/jobs/${job.id}`).expect(200);
    const [deleted, edited] = await entriesOf("jobs", job.id);
    expect(edited).toMatchObject({ action: "jobs.update", via: "back-office", before: { title: "Audited Bakery" }, after: { title: "Audited Bakery II" } });
    expect(deleted!.action).toBe("jobs.delete");
    expect(deleted!.before.status).not.toBe("inactive");
    expect(deleted!.after).toEqual({ status: "inactive" });
  });

  it("[audit-1] an admin's lock and unlock, story edit, task delete and e-mail to the poster are each audited", async () => {
    const job = await buildJob(client, { title: "Audited Backlog" });
    await client.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    const db = server.services.db;
    const story = (await db("requirement_tasks").where({ job_id: job.id, type: "story" }).orderBy("created_at").first()) as { id: string; title: string };
    const task = (await db("requirement_tasks").where({ job_id: job.id, type: "task" }).orderBy("created_at").first()) as { id: string; title: string };
    await admin.agent.put(`/api/admin/stories/${story.id}`).send({ title: "Renamed by the admin" }).expect(200);
    await admin.agent.delete(`/api/admin/tasks/${task.id}`).expect(200);
    await admin.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    await admin.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    const sent = (await admin.agent.post("/api/admin/emails").send({ jobId: job.id, subject: "Hello", message: "A word from the admin." }).expect(201))
      .body as { id: string };

    expect(await entriesOf("stories", story.id)).toMatchObject([
      { action: "stories.update", before: { title: story.title }, after: { title: "Renamed by the admin" } },
    ]);
    const [deleted] = await entriesOf("tasks", task.id);
    expect(deleted).toMatchObject({ action: "tasks.delete", after: {} });
    expect(deleted!.before.title).toBe(task.title);
    expect((await entriesOf("jobs", job.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["jobs.unlock", { locked: true }, { locked: false }],
      ["jobs.lock", { locked: false }, { locked: true }],
    ]);
    expect(await entriesOf("emails", sent.id)).toMatchObject([{ action: "emails.send", after: { jobId: job.id, subject: "Hello" } }]);
  });

  it("[audit-1] a refused change writes no entry", async () => {
    const before = (await list({ actorId: admin.user.id }).expect(200)).header["content-range"];
    await admin.agent.put(`/api/admin/users/${admin.user.id}`).send({ disabled: true }).expect(409);
    const other = await buildJob(client, { title: "Refused Edit" });
    await admin.agent.put(`/api/admin/jobs/${other.id}`).send({ title: "" }).expect(400);
    expect((await list({ actorId: admin.user.id }).expect(200)).header["content-range"]).toBe(before);
    expect(await entriesOf("jobs", other.id)).toEqual([]);
  });

  it("[audit-1] an entry that cannot be written takes its change with it: the same transaction", async () => {
    const target = await buildClient(server);
    const db = server.services.db;
    await db.raw(`create function audit_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`);
    await db.raw(`create trigger audit_test_refuse before insert on audit_log for each row execute function audit_test_refuse()`);
    try {
      const res = await admin.agent.put(`/api/admin/users/${target.user.id}`).send({ disabled: true });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await db.raw(`drop trigger audit_test_refuse on audit_log`);
      await db.raw(`drop function audit_test_refuse()`);
    }
    const row = (await db("users").where({ id: target.user.id }).first("disabled")) as { disabled: boolean };
    expect(row.disabled).toBe(false);
    expect(await entriesOf("users", target.user.id)).toEqual([]);
  });

  it("[audit-2] an admin's edit in the portal is the back office's; a client's own edit is not audited", async () => {
    const job = await buildJob(client, { title: "Portal Edits" });
    await client.agent.put(`/api/jobs/${job.id}`).send({ title: "Portal Edits by owner" }).expect(200);
    expect(await entriesOf("jobs", job.id)).toEqual([]);
    await admin.agent.put(`/api/jobs/${job.id}`).send({ title: "Portal Edits by admin" }).expect(200);
    const entries = await entriesOf("jobs", job.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ via: "back-office", actorId: admin.user.id, after: { title: "Portal Edits by admin" } });
  });
});

describe("GET /api/admin/audit-log", () => {
  it("[audit-3] is for admins only: a client 403, signed out 401, and there is no write route", async () => {
    expect((await list({}, {}, client.agent)).status).toBe(403);
    expect((await server.agent().get("/api/admin/audit-log")).status).toBe(401);
    const [entry] = (await list({}).expect(200)).body as Entry[];
    expect(entry).toBeDefined();
    await admin.agent.get(`/api/admin/audit-log/${entry!.id}`).expect(200);
    expect((await admin.agent.put(`/api/admin/audit-log/${entry!.id}`).send({ action: "x" })).status).toBe(404);
    expect((await admin.agent.delete(`/api/admin/audit-log/${entry!.id}`)).status).toBe(404);
    expect((await admin.agent.post(`/api/admin/audit-log`).send({})).status).toBe(404);
  });

  it("[audit-3] the table is append-only: an update or a delete is refused by the database", async () => {
    const db = server.services.db;
    await expect(db("audit_log").update({ action: "x" })).rejects.toThrow(/append-only/);
    await expect(db("audit_log").delete()).rejects.toThrow(/append-only/);
  });

  it("[audit-3] filters by resource, record, actor, via, action and dates, and pages with Content-Range", async () => {
    const targets = await Promise.all([1, 2, 3].map(() => buildClient(server)));
    for (const target of targets) await other.agent.put(`/api/admin/users/${target.user.id}`).send({ disabled: true }).expect(200);
    const byOther = await list({ actorId: other.user.id }, { range: "[0,1]", sort: JSON.stringify(["id", "DESC"]) }).expect(200);
    expect(byOther.header["content-range"]).toBe("audit-log 0-1/3");
    expect((byOther.body as Entry[]).map((entry) => entry.recordId)).toEqual([targets[2]!.user.id, targets[1]!.user.id]);
    const rest = await list({ actorId: other.user.id }, { range: "[2,3]" }).expect(200);
    expect((rest.body as Entry[]).map((entry) => entry.recordId)).toEqual([targets[0]!.user.id]);
    const asc = await list({ actorId: other.user.id }, { sort: JSON.stringify(["createdAt", "ASC"]) }).expect(200);
    expect((asc.body as Entry[])[0]!.recordId).toBe(targets[0]!.user.id);

    const disables = (await list({ action: "users.disable", via: "back-office", resource: "users" }).expect(200)).body as Entry[];
    expect(disables.length).toBeGreaterThanOrEqual(3);
    expect(disables.every((entry) => entry.action === "users.disable")).toBe(true);
    expect(((await list({ via: "cli" }).expect(200)).body as Entry[]).length).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await list({ actorId: other.user.id, from: today, to: today }).expect(200)).body as Entry[]).length).toBe(3);
    expect(((await list({ actorId: other.user.id, to: "2000-01-01" }).expect(200)).body as Entry[]).length).toBe(0);
  });

  it("[audit-3] a bad filter or sort is a 400, an unknown entry a 404", async () => {
    expect((await list({ via: "portal" })).status).toBe(400);
    expect((await list({ action: "users.explode" })).status).toBe(400);
    expect((await list({ from: "yesterday" })).status).toBe(400);
    expect((await list({ from: "0000-01-01" })).status).toBe(400);
    expect((await list({ to: "2026-13-45" })).status).toBe(400);
    expect((await list({ actorId: "nope" })).status).toBe(400);
    expect((await list({}, { sort: JSON.stringify(["actorName", "ASC"]) })).status).toBe(400);
    expect((await admin.agent.get("/api/admin/audit-log/99999999")).status).toBe(404);
    expect((await admin.agent.get("/api/admin/audit-log/abc")).status).toBe(404);
  });
});
