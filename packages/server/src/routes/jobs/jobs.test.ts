import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { quote } from "@forgehire/core";
import { buildAdmin, buildClient, buildFreelancer, buildJob, jobBody, setJobState, type BuiltUser } from "../../test/factories.js";
import { statementsDuring } from "../../test/statements.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let freelancer: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, freelancer, admin] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

const jobRow = (id: number) => server.services.db("jobs").where({ id }).first();
const jobCount = async () => Number((await server.services.db("jobs").count({ n: "*" }))[0]?.n);
const deletedActivity = (jobId: number) => server.services.db("job_activity").where({ job_id: jobId, action: "deleted" });

const EDIT_JOB_DENIED = { code: "EDIT_JOB_DENIED", title: "Permission Denied", message: "Only the job owner or admins can edit this job." };
const DELETE_JOB_DENIED = { code: "DELETE_JOB_DENIED", title: "Permission Denied", message: "Only the job owner or admins can delete this job." };
const INVALID_JOB_ID = { code: "INVALID_JOB_ID", title: "Error", message: "Invalid job ID" };
const JOB_NOT_FOUND = { code: "JOB_NOT_FOUND", title: "Job not found", message: "Job not found" };

/** A local TCP port on which nothing listens: SMTP connections to it are refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve, reject) => probe.close((err) => (err ? reject(err) : resolve())));
  return port;
}

describe("posting a job", () => {
  it("creates an open, unpaid job owned by the client, priced by the server", async () => {
    const res = await alice.agent
      .post("/api/jobs")
      .send(jobBody({ budget: 1, additionalServices: { contentDevelopment: true, hosting: true } }))
      .expect(201);
    const expected = quote({ scope: 500, additionalServices: { contentDevelopment: true, hosting: true } }, new Date());
    expect(res.body.job).toMatchObject({
      status: "open",
      paymentStatus: "unpaid",
      locked: false,
      ownerId: alice.user.id,
      ownerName: `${alice.user.firstName} ${alice.user.lastName}`,
      scope: 500,
      budget: expected.total,
      expectedDeliveryDate: expected.expectedDeliveryDate,
      hasStories: false,
      hasCommunication: false,
    });
    expect(res.body.job.can).toEqual({
      edit: true,
      delete: true,
      createBreakdown: true,
      regenerateBreakdown: true,
      viewBreakdown: true,
      editTasks: true,
      lock: true,
      unlock: false,
      start: false,
      complete: false,
      pay: false,
      requestChange: false,
      updateTaskStatus: false,
      commentTask: false,
      communicate: true,
      submit: false,
      approve: false,
      requestChanges: false,
      dispute: false,
    });
    expect(res.body.requirements).toMatchObject({
      industry: "E-commerce & Retail",
      targetAudience: "Gift buyers",
      userCategories: ["Customers", "Shop staff"],
      complianceTypes: ["GDPR"],
      integrationSystems: ["Email Systems"],
      additionalServices: { contentDevelopment: true, deployment: false, productionReady: false, customTechStack: false, hosting: true },
      projectSpecificFields: { needsShoppingCart: true, needsPaymentProcessing: true },
      answers: [{ questionId: "q1", question: "How many products?", answer: "About 40" }],
      files: [],
    });
    expect(Number((await jobRow(res.body.job.id)).budget)).toBe(expected.total);
  });

  it("stores the named stack of Custom Tech Stack with the requirements, drops it with the extra, and refuses an overlong one", async () => {
    const created = await alice.agent
      .post("/api/jobs")
      .send(jobBody({ additionalServices: { customTechStack: true }, customTechStack: "  Next.js, PostgreSQL  " }))
      .expect(201);
    expect(created.body.requirements.customTechStack).toBe("Next.js, PostgreSQL");
    const id = created.body.job.id as number;
    expect((await alice.agent.get(`/api/jobs/${id}`).expect(200)).body.requirements.customTechStack).toBe("Next.js, PostgreSQL");
    // Without the extra, a named stack is not kept.
    const dropped = await alice.agent
      .put(`/api/jobs/${id}`)
      .send({ additionalServices: { customTechStack: false }, customTechStack: "Rails" })
      .expect(200);
    expect(dropped.body.requirements.customTechStack).toBe("");
    const refused = await alice.agent
      .put(`/api/jobs/${id}`)
      .send({ customTechStack: "x".repeat(2_001) })
      .expect(400);
    expect(refused.body.error.fields).toHaveProperty("customTechStack");
  });

  it("keeps a delivery date the client chose", async () => {
    const res = await alice.agent
      .post("/api/jobs")
      .send(jobBody({ expectedDeliveryDate: "2099-03-01" }))
      .expect(201);
    expect(res.body.job.expectedDeliveryDate).toBe("2099-03-01");
  });

  it("refuses a delivery date in the past on POST and PUT, keeps today and a saved date that has passed", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const pastDate = {
      code: "VALIDATION",
      message: "The delivery date can't be in the past.",
      fields: { expectedDeliveryDate: "The delivery date can't be in the past." },
    };
    const before = await jobCount();
    const refused = await alice.agent
      .post("/api/jobs")
      .send(jobBody({ expectedDeliveryDate: day(-2) }))
      .expect(400);
    expect(refused.body.error).toMatchObject(pastDate);
    expect(await jobCount()).toBe(before);
    const posted = await alice.agent
      .post("/api/jobs")
      .send(jobBody({ expectedDeliveryDate: day(0) }))
      .expect(201);
    expect(posted.body.job.expectedDeliveryDate).toBe(day(0));

    const id = posted.body.job.id as number;
    const edit = await alice.agent
      .put(`/api/jobs/${id}`)
      .send({ expectedDeliveryDate: day(-30) })
      .expect(400);
    expect(edit.body.error).toMatchObject(pastDate);
    expect((await alice.agent.get(`/api/jobs/${id}`).expect(200)).body.job.expectedDeliveryDate).toBe(day(0));
    // A job whose date has passed since it was saved stays editable while the date is left as it is.
    await server.services
      .db("jobs")
      .where({ id })
      .update({ expected_delivery_date: day(-10) });
    await alice.agent
      .put(`/api/jobs/${id}`)
      .send({ title: "Renamed after the date passed", expectedDeliveryDate: day(-10) })
      .expect(200);
  });

  it("answers MISSING_FIELDS without title, description, industry or scope, and stores nothing", async () => {
    const before = await server.services.db("jobs").count({ n: "*" });
    const res = await alice.agent.post("/api/jobs").send({ title: " ", description: "", industry: "Healthcare" }).expect(400);
    expect(res.body.error).toMatchObject({ code: "MISSING_FIELDS", title: "Missing fields", message: "Please fill all required fields before proceeding" });
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["title", "description", "scope"]));
    expect(await server.services.db("jobs").count({ n: "*" })).toEqual(before);
  });

  it("answers MISSING_FIELDS when only the industry is missing, and stores nothing", async () => {
    for (const industry of [undefined, ""]) {
      const body = jobBody({ industry });
      const before = await jobCount();
      const res = await alice.agent.post("/api/jobs").send(body).expect(400);
      expect(res.body.error).toMatchObject({
        code: "MISSING_FIELDS",
        title: "Missing fields",
        message: "Please fill all required fields before proceeding",
        fields: { industry: "Please fill all required fields before proceeding" },
      });
      expect(Object.keys(res.body.error.fields)).toEqual(["industry"]);
      expect(await jobCount()).toBe(before);
      expect(await server.services.db("jobs").where({ title: body.title }).first()).toBeUndefined();
    }
  });

  it("refuses freelancers with 403 and stores nothing", async () => {
    const body = jobBody();
    const res = await freelancer.agent.post("/api/jobs").send(body).expect(403);
    expect(res.body.error.code).toBe("POST_JOB_DENIED");
    expect(await server.services.db("jobs").where({ title: body.title }).first()).toBeUndefined();
  });

  it("lets admins post", async () => {
    const res = await admin.agent.post("/api/jobs").send(jobBody()).expect(201);
    expect(res.body.job.ownerId).toBe(admin.user.id);
  });

  it("refuses a second job with the same title for the same owner, whatever the case", async () => {
    const job = await buildJob(alice);
    const res = await alice.agent
      .post("/api/jobs")
      .send(jobBody({ title: job.title.toUpperCase() }))
      .expect(409);
    expect(res.body.error).toMatchObject({
      code: "DUPLICATE_REQUIREMENT",
      title: "Duplicate Requirement",
      message: "A requirement with this title already exists. Please use a different title or edit the existing one.",
    });
    await buildJob(bob, { title: job.title });
  });

  it("creates one job when identical posts arrive at once", async () => {
    const body = jobBody();
    const results = await Promise.all([1, 2, 3, 4].map(() => alice.agent.post("/api/jobs").send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await server.services.db("jobs").whereRaw("lower(title) = lower(?)", [body.title]);
    expect(rows).toHaveLength(1);
  });

  it("emails every admin after the commit", async () => {
    const job = await buildJob(alice);
    await server.services.settle();
    const mails = (await server.services.db("emails").where({ kind: "job_posted", job_id: job.id })) as Array<{ to_address: string; subject: string }>;
    expect(mails.map((m) => m.to_address)).toContain(admin.user.email);
    expect(mails[0]!.subject).toContain(job.title);
  });

  it("queues the admins' e-mails in the job's own transaction: when queueing fails, no job is left without its notice", async () => {
    const send = vi.spyOn(server.services.mailer, "send").mockImplementation(async () => {
      throw new Error("queue unavailable");
    });
    const body = jobBody();
    try {
      await alice.agent.post("/api/jobs").send(body).expect(500);
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ to: admin.user.email, kind: "job_posted" }), expect.anything());
    } finally {
      send.mockRestore();
    }
    expect(await server.services.db("jobs").where({ title: body.title })).toEqual([]);
    // The same post once the queue is back: the job and its notice commit together.
    const res = await alice.agent.post("/api/jobs").send(body).expect(201);
    const queued = await server.services.db("emails").where({ kind: "job_posted", job_id: res.body.job.id });
    expect(queued.map((row: { to_address: string }) => row.to_address)).toContain(admin.user.email);
  });

  it("answers 201 and keeps the job when the SMTP server cannot be reached, recording the failed attempt for a retry", async () => {
    const smtpDown = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const [client, office] = await Promise.all([buildClient(smtpDown), buildAdmin(smtpDown)]);
      const body = jobBody();
      const res = await client.agent.post("/api/jobs").send(body).expect(201);
      expect(res.body.job).toMatchObject({ title: body.title, status: "open", paymentStatus: "unpaid" });
      await smtpDown.services.settle();
      const stored = await client.agent.get(`/api/jobs/${res.body.job.id}`).expect(200);
      expect(stored.body.job).toMatchObject({ id: res.body.job.id, title: body.title, ownerId: client.user.id });
      const mails = (await smtpDown.services.db("emails").where({ kind: "job_posted", job_id: res.body.job.id })) as Array<{
        to_address: string;
        status: string;
      }>;
      expect(mails).toEqual([
        expect.objectContaining({ to_address: office.user.email, status: "queued", attempts: 1, error: expect.stringMatching(/ECONNREFUSED/) }),
      ]);
    } finally {
      await smtpDown.stop();
    }
  });

  it("needs a session", async () => {
    await server.agent().post("/api/jobs").send(jobBody()).expect(401);
    await server.agent().get("/api/jobs").expect(401);
  });

  it("answers 400 for wrong types and never 500", async () => {
    const res = await alice.agent
      .post("/api/jobs")
      .send(jobBody({ scope: "lots", userCategories: "x", answers: [{}] }))
      .expect(400);
    expect(res.body.error.fields).toHaveProperty("scope");
  });
});

describe("reading jobs", () => {
  it("answers INVALID_JOB_ID for ids that are not positive integers", async () => {
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await alice.agent.get(`/api/jobs/${id}`).expect(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_JOB_ID", message: "Invalid job ID" });
    }
  });

  it("answers JOB_NOT_FOUND for unknown and deleted jobs", async () => {
    const res = await alice.agent.get("/api/jobs/987654").expect(404);
    expect(res.body.error).toMatchObject({ code: "JOB_NOT_FOUND", message: "Job not found" });
    const job = await buildJob(alice);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    await alice.agent.get(`/api/jobs/${job.id}`).expect(404);
  });

  it("shows any live job to a signed-in user, with that user's own can flags", async () => {
    const job = await buildJob(alice);
    const asBob = await bob.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(asBob.body.job.can).toMatchObject({ edit: false, delete: false, createBreakdown: false, viewBreakdown: false });
    const asAdmin = await admin.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(asAdmin.body.job.can).toMatchObject({ edit: true, delete: true, createBreakdown: true, viewBreakdown: true });
    const asFreelancer = await freelancer.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(asFreelancer.body.job.can).toMatchObject({ edit: false, viewBreakdown: true, start: false });
  });

  it("lists live jobs newest first with pagination", async () => {
    const first = await buildJob(bob);
    const second = await buildJob(bob);
    const res = await bob.agent.get("/api/jobs").query({ page: 1, perPage: 2 }).expect(200);
    expect(res.body).toMatchObject({ page: 1, perPage: 2 });
    expect(res.body.items.map((j: { id: number }) => j.id)).toEqual([second.id, first.id]);
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    const next = await bob.agent.get("/api/jobs").query({ page: 2, perPage: 2 }).expect(200);
    expect(next.body.items.map((j: { id: number }) => j.id)).not.toContain(second.id);
    await bob.agent.get("/api/jobs").query({ perPage: 1000 }).expect(400);
  });

  it("answers a page that is not full with its exact total and without counting (issue 13)", async () => {
    // My Jobs: a list whose total is never cached, so only the page itself can tell it.
    await buildJob(bob);
    // The job-posted notice and its e-mails run after the answer: statementsDuring lets them finish first.
    const seen = await statementsDuring(server, async () => {
      const res = await bob.agent.get("/api/jobs/mine").query({ perPage: 100 }).expect(200);
      expect(res.body.items.length).toBeGreaterThan(0);
      expect(res.body.total).toBe(res.body.items.length);
    });
    // The session, then the page: no count(*), whose cost grows with the table.
    expect(seen).toHaveLength(2);
    expect(seen.join("\n")).not.toMatch(/count\(/);
  });

  it("answers a job's detail in at most 4 statements, the session's included (issue 13)", async () => {
    const job = await buildJob(bob);
    const seen = await statementsDuring(server, () => bob.agent.get(`/api/jobs/${job.id}`).expect(200));
    expect(seen.length, seen.join("\n")).toBeLessThanOrEqual(4);
  });

  it("reports stories and client communication on the job", async () => {
    const job = await buildJob(bob);
    await server.services.db("requirement_tasks").insert({ job_id: job.id, type: "story", title: "A story", priority: "high" });
    const [room] = await server.services
      .db("chat_rooms")
      .insert({ room_id: `room-${job.id}`, client_id: bob.user.id, freelancer_id: "f", job_id: job.id })
      .returning("room_id");
    await server.services.db("messages").insert({ room_id: room.room_id, sender_id: bob.user.id, job_id: job.id, content: "Hello" });
    const res = await bob.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(res.body.job).toMatchObject({ hasStories: true, hasCommunication: true });
  });
});

describe("My Jobs", () => {
  it("gives clients their own jobs, freelancers their assigned jobs in progress, admins every live job", async () => {
    const carol = await buildClient(server);
    const open = await buildJob(carol);
    const started = await buildJob(carol);
    const done = await buildJob(carol);
    const paid = await buildJob(carol);
    await setJobState(server, started.id, {
      locked: true,
      payment_status: "paid",
      status: "in_progress",
      started_at: new Date(),
      freelancer_id: freelancer.user.id,
    });
    await setJobState(server, done.id, { locked: true, status: "completed", started_at: new Date(), freelancer_id: freelancer.user.id });
    await setJobState(server, paid.id, { locked: true, payment_status: "paid" });

    const ids = (res: { body: { items: Array<{ id: number }> } }) => res.body.items.map((j) => j.id).sort();
    const mine = (agent: BuiltUser["agent"], filter = "all") => agent.get("/api/jobs/mine").query({ filter, perPage: 100 }).expect(200);

    expect(ids(await mine(carol.agent))).toEqual([open.id, started.id, done.id, paid.id].sort());
    expect(ids(await mine(carol.agent, "in_progress"))).toEqual([started.id]);
    expect(ids(await mine(carol.agent, "completed"))).toEqual([done.id]);
    expect(ids(await mine(carol.agent, "unpaid"))).toEqual([done.id]);
    expect(ids(await mine(carol.agent, "paid"))).toEqual([started.id, paid.id].sort());
    expect(ids(await mine(freelancer.agent))).toEqual([started.id]);
    expect(ids(await mine(admin.agent))).toEqual(expect.arrayContaining([open.id, started.id, done.id, paid.id]));
    await carol.agent.get("/api/jobs/mine").query({ filter: "everything" }).expect(400);
  });
});

describe("editing a job", () => {
  it("lets the owner edit and prices the job again", async () => {
    const job = await buildJob(alice);
    const res = await alice.agent
      .put(`/api/jobs/${job.id}`)
      .send({ title: `${job.title} v2`, budget: 3, additionalServices: { deployment: true }, targetAudience: "Everyone" })
      .expect(200);
    expect(res.body.job.title).toBe(`${job.title} v2`);
    expect(res.body.job.budget).toBe(quote({ scope: 500, additionalServices: { deployment: true } }).total);
    expect(res.body.requirements.targetAudience).toBe("Everyone");
    expect(res.body.requirements.keyFeatures).toBe("Catalogue, cart, checkout");
  });

  it("refuses another client with 403 and changes nothing", async () => {
    const job = await buildJob(alice);
    const res = await bob.agent.put(`/api/jobs/${job.id}`).send({ title: "Hijacked" }).expect(403);
    expect(res.body.error).toMatchObject(EDIT_JOB_DENIED);
    expect((await jobRow(job.id)).title).toBe(job.title);
  });

  it("refuses a freelancer with EDIT_JOB_DENIED and changes nothing", async () => {
    const job = await buildJob(alice);
    const before = (await alice.agent.get(`/api/jobs/${job.id}`).expect(200)).body;
    const res = await freelancer.agent.put(`/api/jobs/${job.id}`).send({ title: "Taken over", targetAudience: "Nobody", scope: 1999 }).expect(403);
    expect(res.body.error).toMatchObject(EDIT_JOB_DENIED);
    expect((await alice.agent.get(`/api/jobs/${job.id}`).expect(200)).body).toEqual(before);
  });

  it("answers INVALID_JOB_ID for malformed ids", async () => {
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await alice.agent.put(`/api/jobs/${id}`).send({ title: "Whatever" }).expect(400);
      expect(res.body.error).toMatchObject(INVALID_JOB_ID);
    }
  });

  it("answers JOB_NOT_FOUND for unknown and deleted jobs, and changes nothing", async () => {
    const unknown = await alice.agent.put("/api/jobs/987654").send({ title: "Ghost" }).expect(404);
    expect(unknown.body.error).toMatchObject(JOB_NOT_FOUND);
    expect(await jobRow(987654)).toBeUndefined();
    const job = await buildJob(alice);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    const before = await jobRow(job.id);
    for (const editor of [alice, admin]) {
      const res = await editor.agent.put(`/api/jobs/${job.id}`).send({ title: "Back from the dead" }).expect(404);
      expect(res.body.error).toMatchObject(JOB_NOT_FOUND);
    }
    expect(await jobRow(job.id)).toEqual(before);
    await alice.agent.get(`/api/jobs/${job.id}`).expect(404);
  });

  it("keeps the original owner when an admin edits", async () => {
    const job = await buildJob(alice);
    const res = await admin.agent.put(`/api/jobs/${job.id}`).send({ description: "Admin touched this" }).expect(200);
    expect(res.body.job.ownerId).toBe(alice.user.id);
    expect((await jobRow(job.id)).owner_id).toBe(alice.user.id);
  });

  it("refuses edits once the job is locked, started or paid", async () => {
    for (const state of [{ locked: true }, { payment_status: "paid" }, { status: "in_progress", started_at: new Date() }]) {
      const job = await buildJob(alice);
      await setJobState(server, job.id, state);
      const res = await alice.agent.put(`/api/jobs/${job.id}`).send({ title: "Too late" }).expect(409);
      expect(res.body.error.code).toBe("JOB_NOT_EDITABLE");
      expect((await jobRow(job.id)).title).toBe(job.title);
    }
  });

  it("refuses renaming to another live job's title", async () => {
    const a = await buildJob(alice);
    const b = await buildJob(alice);
    const res = await alice.agent.put(`/api/jobs/${b.id}`).send({ title: a.title.toLowerCase() }).expect(409);
    expect(res.body.error.code).toBe("DUPLICATE_REQUIREMENT");
  });
});

describe("deleting a job", () => {
  it("soft-deletes for the owner: status inactive, gone from the lists, kept in the table", async () => {
    const job = await buildJob(alice);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    expect((await jobRow(job.id)).status).toBe("inactive");
    const list = await alice.agent.get("/api/jobs").query({ perPage: 100 }).expect(200);
    expect(list.body.items.map((j: { id: number }) => j.id)).not.toContain(job.id);
    expect(await deletedActivity(job.id)).toHaveLength(1);
  });

  it("lets the same title be posted again after a delete", async () => {
    const job = await buildJob(alice);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    await alice.agent
      .post("/api/jobs")
      .send(jobBody({ title: job.title }))
      .expect(201);
  });

  it("refuses another client with the spec's message and changes nothing", async () => {
    const job = await buildJob(alice);
    const res = await bob.agent.delete(`/api/jobs/${job.id}`).expect(403);
    expect(res.body.error).toMatchObject({ code: "DELETE_JOB_DENIED", message: "Only the job owner or admins can delete this job." });
    expect((await jobRow(job.id)).status).toBe("open");
  });

  it("refuses paid or started jobs with JOB_PAID and changes nothing", async () => {
    for (const state of [
      { payment_status: "paid", locked: true },
      { status: "in_progress", started_at: new Date(), locked: true },
    ]) {
      const job = await buildJob(alice);
      await setJobState(server, job.id, state);
      const res = await alice.agent.delete(`/api/jobs/${job.id}`).expect(409);
      expect(res.body.error).toMatchObject({
        code: "JOB_PAID",
        title: "Cannot Delete Paid Job",
        message: "This job has already been paid for and cannot be deleted. Paid jobs are preserved for record-keeping and contractual purposes.",
      });
      expect((await jobRow(job.id)).status).not.toBe("inactive");
    }
  });

  it("refuses a freelancer with DELETE_JOB_DENIED and changes nothing", async () => {
    const job = await buildJob(alice);
    const res = await freelancer.agent.delete(`/api/jobs/${job.id}`).expect(403);
    expect(res.body.error).toMatchObject(DELETE_JOB_DENIED);
    const seen = await alice.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(seen.body.job.status).toBe("open");
    expect((await jobRow(job.id)).status).toBe("open");
    expect(await deletedActivity(job.id)).toHaveLength(0);
  });

  it("answers INVALID_JOB_ID for malformed ids", async () => {
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await alice.agent.delete(`/api/jobs/${id}`).expect(400);
      expect(res.body.error).toMatchObject(INVALID_JOB_ID);
    }
  });

  it("answers JOB_NOT_FOUND for unknown and already deleted jobs, and changes nothing", async () => {
    const unknown = await admin.agent.delete("/api/jobs/987654").expect(404);
    expect(unknown.body.error).toMatchObject(JOB_NOT_FOUND);
    const job = await buildJob(alice);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    const before = await jobRow(job.id);
    for (const deleter of [alice, admin]) {
      const res = await deleter.agent.delete(`/api/jobs/${job.id}`).expect(404);
      expect(res.body.error).toMatchObject(JOB_NOT_FOUND);
    }
    expect(await jobRow(job.id)).toEqual(before);
    expect(await deletedActivity(job.id)).toHaveLength(1);
  });

  it("lets an admin delete someone else's job", async () => {
    const job = await buildJob(alice);
    await admin.agent.delete(`/api/jobs/${job.id}`).expect(204);
  });
});
