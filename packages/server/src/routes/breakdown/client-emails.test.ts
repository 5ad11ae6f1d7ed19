import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let nova: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [nova, admin] = await Promise.all([buildFreelancer(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services.db;
const card = (paymentId: string) => ({ paymentId, cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" });

type Email = { kind: string; subject: string; body_text: string; to_address: string; job_id: number | null; status: string };

/** The e-mails of one kind sent to an address about one job, once the after-response work has settled. */
async function emails(to: BuiltUser, kind: string, jobId: number): Promise<Email[]> {
  await server.services.background.drain();
  return (await db()("emails").where({ kind, to_address: to.user.email, job_id: jobId }).orderBy("created_at").orderBy("id")) as Email[];
}

async function optOut(client: BuiltUser, switches: Record<string, boolean>) {
  const res = await client.agent.patch("/api/profile").send({ emailNotifications: switches }).expect(200);
  return res.body.user as { emailNotifications: { jobUpdates: boolean; taskMessages: boolean } };
}

/** A job of the client's with stories, locked. */
async function lockedJob(client: BuiltUser) {
  const job = await buildJob(client);
  const stories = (await client.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201)).body.stories as Array<{ tasks: Array<{ id: string }> }>;
  await client.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  return { job, taskId: stories[0]!.tasks[0]!.id, otherTaskId: stories[0]!.tasks[1]!.id };
}

async function startedJob(client: BuiltUser) {
  const locked = await lockedJob(client);
  await payByTestCard(client, locked.job.id);
  await nova.agent.post(`/api/jobs/${locked.job.id}/start`).expect(200);
  return locked;
}

describe("job update e-mails to the client", () => {
  it("e-mails the client once when the card payment pays the job", async () => {
    const client = await buildClient(server);
    const { job } = await lockedJob(client);
    const intent = await client.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    await client.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId)).expect(200);
    await client.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId)).expect(409);
    const sent = await emails(client, "job_paid", job.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Payment received: ${job.title}`);
    expect(sent[0]!.body_text).toContain(`/jobs/${job.id}`);
  });

  it("e-mails the client when a freelancer starts the job and when it is completed", async () => {
    const client = await buildClient(server);
    const { job } = await startedJob(client);
    const started = await emails(client, "job_started", job.id);
    expect(started).toHaveLength(1);
    expect(started[0]!.subject).toBe(`Your project has started: ${job.title}`);
    expect(started[0]!.body_text).toContain(`${nova.user.firstName} ${nova.user.lastName} started "${job.title}"`);
    expect(await emails(client, "job_completed", job.id)).toHaveLength(0);

    await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(200);
    const completed = await emails(client, "job_completed", job.id);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.subject).toBe(`Your project is complete: ${job.title}`);
  });

  it("sends none of them to a client who turned job updates off, and still sends task messages", async () => {
    const client = await buildClient(server);
    expect((await optOut(client, { jobUpdates: false })).emailNotifications).toEqual({
      jobUpdates: false,
      taskMessages: true,
      storyReviews: true,
      chatMessages: true,
    });
    const { job, taskId } = await lockedJob(client);
    const intent = await client.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    await client.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId)).expect(200);
    await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
    await nova.agent.post(`/api/tasks/${taskId}/messages`).send({ content: "Hello" }).expect(201);
    await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(200);
    for (const kind of ["job_paid", "job_started", "job_completed"]) expect(await emails(client, kind, job.id)).toHaveLength(0);
    expect(await emails(client, "task_message", job.id)).toHaveLength(1);
  });

  it("a refused start or completion e-mails nobody", async () => {
    const client = await buildClient(server);
    const { job } = await lockedJob(client);
    await nova.agent.post(`/api/jobs/${job.id}/start`).expect(409);
    await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(409);
    expect(await emails(client, "job_started", job.id)).toHaveLength(0);
    expect(await emails(client, "job_completed", job.id)).toHaveLength(0);
  });
});

describe("task message e-mails to the client", () => {
  it("e-mails the client about the freelancer's message, and nobody about the client's own", async () => {
    const client = await buildClient(server);
    const { job, taskId } = await startedJob(client);
    await client.agent.post(`/api/tasks/${taskId}/messages`).send({ content: "A question from me" }).expect(201);
    expect(await emails(client, "task_message", job.id)).toHaveLength(0);
    await nova.agent.post(`/api/tasks/${taskId}/messages`).send({ content: "The login page is ready" }).expect(201);
    const sent = await emails(client, "task_message", job.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`New message about "${job.title}" from ${nova.user.firstName} ${nova.user.lastName}`);
    expect(sent[0]!.body_text).toContain("The login page is ready");
    // The freelancer is not a client: no task-message e-mail goes to them.
    expect(await emails(nova, "task_message", job.id)).toHaveLength(0);
  });

  it("sends none to a client who turned task messages off", async () => {
    const client = await buildClient(server);
    await optOut(client, { taskMessages: false });
    const { job, taskId } = await startedJob(client);
    await nova.agent.post(`/api/tasks/${taskId}/messages`).send({ content: "Anyone there?" }).expect(201);
    expect(await emails(client, "task_message", job.id)).toHaveLength(0);
    // Job updates still arrive.
    expect(await emails(client, "job_started", job.id)).toHaveLength(1);
  });

  it("e-mails at most once per task in 10 minutes, each task on its own clock", async () => {
    const client = await buildClient(server);
    const { job, taskId, otherTaskId } = await startedJob(client);
    const realNow = server.services.now;
    const t0 = new Date();
    const at = (ms: number) => {
      server.services.now = () => new Date(t0.getTime() + ms);
    };
    const say = (task: string, content: string) => nova.agent.post(`/api/tasks/${task}/messages`).send({ content }).expect(201);
    try {
      at(0);
      await say(taskId, "first");
      expect(await emails(client, "task_message", job.id)).toHaveLength(1);

      at(10 * 60 * 1000 - 1000);
      await say(taskId, "within ten minutes");
      expect(await emails(client, "task_message", job.id)).toHaveLength(1);
      // Another task of the same job is not held back by the first one's window.
      await say(otherTaskId, "on another task");
      expect(await emails(client, "task_message", job.id)).toHaveLength(2);

      at(10 * 60 * 1000);
      await say(taskId, "ten minutes later");
      const sent = await emails(client, "task_message", job.id);
      expect(sent).toHaveLength(3);
      expect(sent[2]!.body_text).toContain("ten minutes later");

      // The window restarts at the last e-mail.
      at(11 * 60 * 1000);
      await say(taskId, "a minute after that");
      expect(await emails(client, "task_message", job.id)).toHaveLength(3);
    } finally {
      server.services.now = realNow;
    }
  });

  it("two messages posted at once send one e-mail", async () => {
    const client = await buildClient(server);
    const { job, taskId } = await startedJob(client);
    await Promise.all(
      [1, 2, 3].map((n) =>
        nova.agent
          .post(`/api/tasks/${taskId}/messages`)
          .send({ content: `burst ${n}` })
          .expect(201),
      ),
    );
    expect(await emails(client, "task_message", job.id)).toHaveLength(1);
  });
});

describe("notification switches on the profile", () => {
  it("are on for a new user, change one at a time through PATCH /api/profile, and show on /api/auth/me", async () => {
    const client = await buildClient(server);
    const me = await client.agent.get("/api/auth/me").expect(200);
    expect(me.body.user.emailNotifications).toEqual({ jobUpdates: true, taskMessages: true, storyReviews: true, chatMessages: true });
    await optOut(client, { taskMessages: false });
    const res = await client.agent
      .patch("/api/profile")
      .send({ emailNotifications: { jobUpdates: false } })
      .expect(200);
    expect(res.body.user).toMatchObject({
      firstName: client.user.firstName,
      lastName: client.user.lastName,
      emailNotifications: { jobUpdates: false, taskMessages: false },
    });
    // The names form keeps working as before and leaves the switches alone.
    const renamed = await client.agent.patch("/api/profile").send({ firstName: "Grace", lastName: "Hopper" }).expect(200);
    expect(renamed.body.user).toMatchObject({ firstName: "Grace", emailNotifications: { jobUpdates: false, taskMessages: false } });
    await client.agent
      .patch("/api/profile")
      .send({ emailNotifications: { jobUpdates: true, taskMessages: true } })
      .expect(200);
    expect((await client.agent.get("/api/auth/me").expect(200)).body.user.emailNotifications).toEqual({
      jobUpdates: true,
      taskMessages: true,
      storyReviews: true,
      chatMessages: true,
    });
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const client = await buildClient(server);
    for (const body of [
      { emailNotifications: { jobUpdates: "no" } },
      { emailNotifications: { everything: false } },
      { emailNotifications: null },
      { firstName: "Only" },
      {},
    ]) {
      const res = await client.agent.patch("/api/profile").send(body).expect(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
    expect((await client.agent.patch("/api/profile").send({ firstName: "Only" }).expect(400)).body.error.fields).toEqual({ lastName: "Required" });
    expect((await client.agent.get("/api/auth/me").expect(200)).body.user).toMatchObject({
      firstName: client.user.firstName,
      emailNotifications: { jobUpdates: true, taskMessages: true },
    });
    await server
      .agent()
      .patch("/api/profile")
      .send({ emailNotifications: { jobUpdates: false } })
      .expect(401);
  });
});
