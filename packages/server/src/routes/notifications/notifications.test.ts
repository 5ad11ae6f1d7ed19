import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  notificationNewEventSchema,
  notificationPageSchema,
  type Notification,
  type NotificationNewEvent,
  type NotificationType,
  type Story,
} from "@forgehire/core";
import { afterCommitWorkSettled, createLogger, createServices, loadConfig, notify, openDatabase } from "@forgehire/services";
import { notificationsRepository } from "@forgehire/services/repositories";
import { emitThroughPostgres } from "../../realtime/postgres-emitter.js";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { openSocket, sessionCookie } from "../../test/sockets.js";
import supertest from "supertest";
import { startServer } from "../../server.js";

let server: TestServer;
let alice: BuiltUser;
let bruno: BuiltUser;
let nova: BuiltUser;
let atlas: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bruno, nova, atlas, admin] = await Promise.all([
    buildClient(server),
    buildClient(server),
    buildFreelancer(server),
    buildFreelancer(server),
    buildAdmin(server),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const services = () => server.services;

async function all(user: BuiltUser, query = ""): Promise<Notification[]> {
  const body = (await user.agent.get(`/api/notifications?limit=100${query}`).expect(200)).body as unknown;
  return notificationPageSchema.parse(body).items;
}
const unread = async (user: BuiltUser) => ((await user.agent.get("/api/notifications/unread-count").expect(200)).body as { count: number }).count;
const ofType = (items: Notification[], type: NotificationType) => items.filter((item) => item.type === type);

/** A job of the client's with stories, locked, paid by test card and started by the freelancer. */
async function startedJob(client: BuiltUser, freelancer: BuiltUser) {
  const job = await buildJob(client);
  await client.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await client.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(client, job.id);
  await freelancer.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await client.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  return { job, stories };
}

async function submit(story: Story, freelancer: BuiltUser) {
  for (const task of story.tasks) await freelancer.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  await freelancer.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Ready" }).expect(200);
}

/** Writes `count` notifications for a user straight through `notify`, each in a transaction of its own. */
async function seed(user: BuiltUser, count: number, type: NotificationType = "job_started") {
  for (let i = 0; i < count; i++) {
    await services().db.transaction((trx) =>
      notify(services(), trx, { type, actorId: null, parties: { ownerId: user.user.id, freelancerId: null }, facts: { jobId: null, jobTitle: `Seeded ${i}` } }),
    );
  }
}

describe("[notify-1] a notification is written in the transaction of its event", () => {
  it("each event tells its audience, with a link to its subject, and never the actor", async () => {
    const { job, stories } = await startedJob(alice, nova);
    const [first, second] = stories as [Story, Story];
    let aliceItems = await all(alice);
    expect(ofType(aliceItems, "payment_received")).toEqual([expect.objectContaining({ link: `/jobs/${job.id}`, readAt: null })]);
    expect(ofType(aliceItems, "job_started")).toEqual([expect.objectContaining({ link: `/jobs/${job.id}?tab=project-status`, actorName: expect.any(String) })]);

    await submit(first, nova);
    aliceItems = await all(alice);
    expect(ofType(aliceItems, "story_submitted")).toEqual([
      expect.objectContaining({ title: `Ready for review: ${first.title}`, link: `/jobs/${job.id}?tab=project-status` }),
    ]);
    // The freelancer's own act tells them nothing.
    expect(ofType(await all(nova), "story_submitted")).toEqual([]);

    await alice.agent.post(`/api/stories/${first.id}/request-changes`).send({ reason: "Pickup slots must stop at 6 pm." }).expect(200);
    expect(ofType(await all(nova), "story_changes_requested")).toEqual([expect.objectContaining({ body: expect.stringContaining("Pickup slots") })]);
    await nova.agent.post(`/api/stories/${first.id}/submit`).send({ note: "Fixed" }).expect(200);
    await alice.agent.post(`/api/stories/${first.id}/approve`).expect(200);
    expect(ofType(await all(nova), "story_approved")).toHaveLength(1);

    // A task message tells the other party; the freelancer's, the client.
    const task = second.tasks[0]!;
    await nova.agent.post(`/api/tasks/${task.id}/messages`).field("content", "A question about the slots").expect(201);
    expect(ofType(await all(alice), "task_comment")).toEqual([expect.objectContaining({ body: "A question about the slots" })]);
    // So does a comment with a task's status.
    await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "in_progress", comment: "Starting on the slots" }).expect(200);
    expect(ofType(await all(alice), "task_comment")[0]).toMatchObject({ body: "Starting on the slots" });

    // A dispute tells the other party and every admin; its resolution both parties.
    await submit(second, nova);
    const { dispute } = (await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Not what we agreed", storyId: second.id }).expect(201))
      .body as { dispute: { id: string } };
    expect(ofType(await all(nova), "dispute_opened")).toHaveLength(1);
    expect(ofType(await all(admin), "dispute_opened")).toEqual([expect.objectContaining({ body: expect.stringContaining("Not what we agreed") })]);
    expect(ofType(await all(alice), "dispute_opened")).toEqual([]);
    await admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send({ releaseCents: second.amountCents!, refundCents: 0 }).expect(200);
    expect(ofType(await all(alice), "dispute_resolved")).toHaveLength(1);
    expect(ofType(await all(nova), "dispute_resolved")).toHaveLength(1);
  });

  it("a chat message tells its recipient and opens the room", async () => {
    const profile = await atlas.agent
      .post("/api/freelancers")
      .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
      .expect(201);
    const room = (await bruno.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId as string;
    await bruno.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Hello there" }).expect(201);
    expect(ofType(await all(atlas), "chat_message")).toEqual([expect.objectContaining({ link: `/messages/${encodeURIComponent(room)}`, body: "Hello there" })]);
    expect(ofType(await all(bruno), "chat_message")).toEqual([]);
  });

  it("a rolled-back event leaves no notification and announces nothing", async () => {
    const before = await unread(bruno);
    const heard: unknown[] = [];
    const stop = services().realtime.subscribe((event) => event.event === "notification:new" && heard.push(event));
    await expect(
      services().db.transaction(async (trx) => {
        const written = await notify(services(), trx, {
          type: "job_started",
          actorId: null,
          parties: { ownerId: bruno.user.id, freelancerId: null },
          facts: { jobId: null, jobTitle: "Never happened" },
        });
        expect(written).toHaveLength(1);
        throw new Error("the event fails after its notification");
      }),
    ).rejects.toThrow("the event fails");
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(await unread(bruno)).toBe(before);
    expect((await all(bruno)).map((item) => item.body)).not.toContainEqual(expect.stringContaining("Never happened"));
    expect(heard).toEqual([]);
  });

  it("a refused event (a second approval) writes no second notification", async () => {
    const { stories } = await startedJob(bruno, atlas);
    await submit(stories[0]!, atlas);
    await bruno.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(200);
    await bruno.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(409);
    expect(ofType(await all(atlas), "story_approved")).toHaveLength(1);
  });
});

describe("[notify-2] the list is newest first, by keyset", () => {
  it("pages follow each other without gaps or repeats, filtered by unread and type", async () => {
    const reader = await buildClient(server);
    await seed(reader, 23);
    await seed(reader, 2, "payment_refunded");
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = notificationPageSchema.parse((await reader.agent.get(`/api/notifications?limit=10${cursor ? `&cursor=${cursor}` : ""}`).expect(200)).body);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
    // The newest first: the two refunds were written last.
    const first = (await reader.agent.get("/api/notifications?limit=2").expect(200)).body as { items: Notification[] };
    expect(first.items.map((item) => item.type)).toEqual(["payment_refunded", "payment_refunded"]);

    expect(await all(reader, "&type=payment_refunded")).toHaveLength(2);
    await reader.agent
      .post("/api/notifications/read")
      .send({ ids: seen.slice(0, 5) })
      .expect(200);
    expect(await all(reader, "&unread=true")).toHaveLength(20);
  });

  it("a bad cursor, limit or type is a 400, never a 500", async () => {
    for (const query of ["cursor=abc", "cursor=-1", "limit=0", "limit=101", "type=nope", "unread=maybe"]) {
      const res = await alice.agent.get(`/api/notifications?${query}`).expect(400);
      expect(res.body).toMatchObject({ error: { code: expect.any(String) } });
    }
  });
});

describe("[notify-3] read, all read and the unread count", () => {
  it("marks the given ones read, then all; the count follows", async () => {
    const reader = await buildClient(server);
    await seed(reader, 4);
    expect(await unread(reader)).toBe(4);
    const ids = (await all(reader)).map((item) => item.id);
    const some = await reader.agent
      .post("/api/notifications/read")
      .send({ ids: ids.slice(0, 2) })
      .expect(200);
    expect(some.body).toEqual({ marked: 2, count: 2 });
    // Marking again changes nothing.
    expect(
      (
        await reader.agent
          .post("/api/notifications/read")
          .send({ ids: ids.slice(0, 2) })
          .expect(200)
      ).body,
    ).toEqual({ marked: 0, count: 2 });
    const items = await all(reader);
    expect(
      items
        .filter((item) => item.readAt !== null)
        .map((item) => item.id)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
    expect((await reader.agent.post("/api/notifications/read").send({ all: true }).expect(200)).body).toEqual({ marked: 2, count: 0 });
    expect(await unread(reader)).toBe(0);
  });

  it("a malformed body is a 400 and changes nothing", async () => {
    const reader = await buildClient(server);
    await seed(reader, 1);
    for (const body of [{}, { ids: [] }, { ids: ["x"] }, { all: false }, { all: true, ids: ["1"] }, { ids: "1" }]) {
      await reader.agent.post("/api/notifications/read").send(body).expect(400);
    }
    expect(await unread(reader)).toBe(1);
  });
});

describe("[notify-4] every actor reads and marks only their own notifications", () => {
  it("a visitor is refused; clients, freelancers and admins see and mark only theirs", async () => {
    const visitor = server.agent();
    await visitor.get("/api/notifications").expect(401);
    await visitor.get("/api/notifications/unread-count").expect(401);
    await visitor.post("/api/notifications/read").send({ all: true }).expect(401);

    const owners = [await buildClient(server), await buildFreelancer(server), await buildAdmin(server)];
    for (const owner of owners) await seed(owner, 2);
    for (const owner of owners) {
      const mine = await all(owner);
      const ids = mine.map((item) => item.id);
      for (const other of owners.filter((candidate) => candidate !== owner)) {
        // Someone else's ids: nothing marked, nothing listed.
        expect((await other.agent.post("/api/notifications/read").send({ ids }).expect(200)).body.marked).toBe(0);
        expect((await all(other)).map((item) => item.id)).not.toEqual(expect.arrayContaining([ids[0]]));
      }
      expect(await unread(owner)).toBe(2);
      const rows = await Promise.all(ids.map((id) => notificationsRepository.findById(services().db, id)));
      expect(rows.every((row) => row?.userId === owner.user.id && row.readAt === null)).toBe(true);
    }
    // Marking all read is one's own all only.
    await owners[0]!.agent.post("/api/notifications/read").send({ all: true }).expect(200);
    expect(await unread(owners[0]!)).toBe(0);
    expect(await unread(owners[1]!)).toBe(2);
    expect(await unread(owners[2]!)).toBe(2);
  });
});

describe("[notify-5] notification:new reaches the recipient's socket after the commit, with the unread count", () => {
  it("a story submitted by the freelancer reaches the client's open socket, and nobody else's", async () => {
    const client = await buildClient(server);
    const freelancer = await buildFreelancer(server);
    const { stories } = await startedJob(client, freelancer);
    const clientSocket = await openSocket(server.url, await sessionCookie(server.url, client));
    const freelancerSocket = await openSocket(server.url, await sessionCookie(server.url, freelancer));
    const wrongly: unknown[] = [];
    freelancerSocket.on("notification:new", (event: unknown) => wrongly.push(event));
    try {
      const before = await unread(client);
      const heard = new Promise<NotificationNewEvent>((resolve) =>
        clientSocket.on("notification:new", (event: NotificationNewEvent) => {
          if (event.notification.type === "story_submitted") resolve(event);
        }),
      );
      await submit(stories[0]!, freelancer);
      const event = notificationNewEventSchema.parse(await heard);
      expect(event.notification).toMatchObject({ type: "story_submitted", readAt: null });
      expect(event.unreadCount).toBe(before + 1);
      // The notification it announces is there to read already.
      expect((await all(client)).map((item) => item.id)).toContain(event.notification.id);
      expect(wrongly).toEqual([]);
    } finally {
      clientSocket.disconnect();
      freelancerSocket.disconnect();
    }
  });
});

/** The test database's URL on PostgreSQL (knex keeps it as a connection object). */
function databaseUrl(): string {
  const connection = (server.services.db.client as { config: { connection?: string | { connectionString?: string } } }).config.connection;
  const url = typeof connection === "string" ? connection : connection?.connectionString;
  if (!url) throw new Error("not on PostgreSQL");
  return url;
}

/** A second process on the test's PostgreSQL database: its own services, pool and socket server (with the adapter). */
async function startProcess(options: { socketServer: boolean }) {
  const url = databaseUrl();
  const config = loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    AUTH_RATE_LIMIT: "1000",
    API_USER_RATE_LIMIT: "1000000",
    PUBLIC_URL: "http://forgehire.test",
    PAYMENT_RECONCILE_CRON: "off",
    DATABASE_URL: url,
  });
  const services = await createServices(config, createLogger(config.logLevel), await openDatabase({ databaseUrl: url, poolSize: 3 }));
  if (!options.socketServer) return { services, url: "", stop: () => services.close() };
  const running = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });
  return { services, url: running.url, stop: () => running.stop() };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("[notify-6] across server processes (PostgreSQL only: PGlite is one process)", () => {
  it("a story submitted through process A reaches the client's socket on process B", async () => {
    const a = await startProcess({ socketServer: true });
    const b = await startProcess({ socketServer: true });
    try {
      const client = await buildClient(server);
      const freelancer = await buildFreelancer(server);
      const { stories } = await startedJob(client, freelancer);
      const socket = await openSocket(b.url, await sessionCookie(b.url, client));
      try {
        const heard = new Promise<NotificationNewEvent>((resolve) =>
          socket.on("notification:new", (event: NotificationNewEvent) => {
            if (event.notification.type === "story_submitted") resolve(event);
          }),
        );
        const viaA = supertest.agent(a.url);
        await viaA.post("/api/auth/login").send({ email: freelancer.user.email, password: freelancer.password }).expect(200);
        for (const task of stories[0]!.tasks) await viaA.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
        await viaA.post(`/api/stories/${stories[0]!.id}/submit`).send({ note: "From A" }).expect(200);
        expect((await heard).notification).toMatchObject({ type: "story_submitted", title: `Ready for review: ${stories[0]!.title}` });
      } finally {
        socket.disconnect();
      }
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("[notify-6] from a process without a socket server (the CLI), on PostgreSQL", () => {
  it("a notification written by a CLI-like process reaches the recipient's socket on a server", async () => {
    const b = await startProcess({ socketServer: true });
    const cli = (await startProcess({ socketServer: false })).services;
    const emitter = emitThroughPostgres(cli);
    const client = await buildClient(server);
    const socket = await openSocket(b.url, await sessionCookie(b.url, client));
    try {
      const heard = new Promise<NotificationNewEvent>((resolve) => socket.on("notification:new", resolve));
      await cli.db.transaction((trx) =>
        notify(cli, trx, {
          type: "payment_refunded",
          actorId: null,
          parties: { ownerId: client.user.id, freelancerId: null },
          facts: { jobId: null, jobTitle: "Refunded from the CLI", amountCents: 1_000 },
        }),
      );
      await afterCommitWorkSettled();
      await emitter.flush();
      expect((await heard).notification).toMatchObject({ type: "payment_refunded", title: "Refund: Refunded from the CLI" });
    } finally {
      socket.disconnect();
      emitter.stop();
      await cli.close();
      await b.stop();
    }
  });
});

describe("[notify-7] a type's e-mail follows its switch; the in-app notification does not", () => {
  const approvalEmails = async (to: string) =>
    services().db("emails").where({ to_address: to, kind: "story_approved" }).count({ n: "*" }).first() as Promise<{ n: string | number }>;

  it("an approval e-mails the freelancer unless storyReviews is off; the notification is written either way", async () => {
    const client = await buildClient(server);
    const on = await buildFreelancer(server);
    const off = await buildFreelancer(server);
    await off.agent
      .patch("/api/profile")
      .send({ emailNotifications: { storyReviews: false } })
      .expect(200);
    for (const freelancer of [on, off]) {
      const { stories } = await startedJob(client, freelancer);
      await submit(stories[0]!, freelancer);
      await client.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(200);
      expect(ofType(await all(freelancer), "story_approved")).toHaveLength(1);
    }
    expect(Number((await approvalEmails(on.user.email)).n)).toBe(1);
    expect(Number((await approvalEmails(off.user.email)).n)).toBe(0);
  });

  it("a chat message is not e-mailed to a recipient who turned chatMessages off, and still notified", async () => {
    const sender = await buildClient(server);
    const recipient = await buildFreelancer(server);
    await recipient.agent
      .patch("/api/profile")
      .send({ emailNotifications: { chatMessages: false } })
      .expect(200);
    const me = (await recipient.agent.get("/api/auth/me").expect(200)).body as { user: { emailNotifications: Record<string, boolean> } };
    expect(me.user.emailNotifications).toMatchObject({
      chatMessages: false,
      storyReviews: true,
    });
    const profile = await recipient.agent
      .post("/api/freelancers")
      .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
      .expect(201);
    const room = (await sender.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId as string;
    await sender.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Are you free?" }).expect(201);
    expect(ofType(await all(recipient), "chat_message")).toHaveLength(1);
    const emails = await services().db("emails").where({ to_address: recipient.user.email, kind: "chat_notification" }).count({ n: "*" }).first();
    expect(Number((emails as { n: string | number }).n)).toBe(0);
  });
});
