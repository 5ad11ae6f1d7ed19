import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobCreateBody, type Actor } from "@forgehire/core";
import {
  createLogger,
  createServices,
  loadConfig,
  openDatabase,
  postJob,
  requestPasswordReset,
  sendAdminEmail,
  type MailWork,
  type Services,
} from "@forgehire/services";
import { recordReliability, startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { buildAdmin, buildClient, buildJob, jobBody, type BuiltUser } from "./test/factories.js";
import { startTestServer, type TestServer } from "./test/test-server.js";

// Mail leaves only through a process that can send it, soon, in its lane. Each describe is one deployment: a server
// (the test server) and, beside it, other processes on its database as a CLI command or a second `serve` would be.

interface Sibling {
  services: Services;
  /** How it works the mail queues, as its start decided. */
  mail: MailWork;
  stop(): Promise<void>;
}

/**
 * Another process on the test server's database, without HTTP: a CLI command (`command: true`, what withServices
 * starts) or a second server. On PostgreSQL its own pool; on PGlite, which one process holds, the same database.
 */
async function startSibling(server: TestServer, env: Record<string, string>, options: { command?: boolean } = {}): Promise<Sibling> {
  const connection = (server.services.db.client as { config: { connection?: unknown } }).config.connection;
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-sibling-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    PUBLIC_URL: "http://forgehire.test",
    PAYMENT_RECONCILE_CRON: "off",
    ...(typeof connection === "string" && { DATABASE_URL: connection }),
    ...env,
  });
  const shared = typeof connection !== "string";
  const database = shared ? server.services.database : await openDatabase({ databaseUrl: connection, poolSize: 3 });
  const services = await createServices(config, createLogger(config.logLevel), database);
  await services.queue.prepare();
  const mail = await services.startWorkers(options);
  return {
    services,
    mail,
    async stop() {
      if (shared) {
        await services.queue.stop();
        services.mailer.close();
      } else await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on right now (a mail server that is down). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Polls `condition` (every 250 ms, vitest's waitFor) until it holds; fails naming `what` after `timeoutMs`. */
const waitFor = (condition: () => Promise<boolean>, timeoutMs: number, what: string) =>
  vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`${what}: not within ${timeoutMs} ms`);
    },
    { timeout: timeoutMs, interval: 250 },
  );

/** The outbox's messages by status. */
async function statusCounts(server: TestServer, where: Record<string, unknown> = {}): Promise<Record<string, number>> {
  const rows = (await server.services.db("emails").where(where).groupBy("status").select("status").count({ n: "*" })) as Array<{
    status: string;
    n: string | number;
  }>;
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

const adminActor = (admin: BuiltUser): Actor => ({ id: admin.user.id, userType: "admin", roleType: "admin" });

describe("a server with SMTP, and processes without it beside it", () => {
  let catcher: MailCatcher;
  let server: TestServer;
  let admin: BuiltUser;
  let client: BuiltUser;
  let jobId: number;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer({ SMTP_URL: catcher.url });
    [admin, client] = await Promise.all([buildAdmin(server), buildClient(server)]);
    jobId = (await buildJob(client)).id;
  });
  afterAll(async () => {
    await server?.stop();
    await catcher?.close();
  });

  it("[mail-1] a CLI command and a second server without SMTP_URL leave the mail to the server with SMTP: every mail delivered, none logged", async () => {
    const cli = await startSibling(server, {}, { command: true });
    const secondServe = await startSibling(server, {});
    try {
      // What admin:email and users:send-reset do in a bare shell, and what a second serve's requests queue.
      for (let i = 0; i < 10; i++) {
        await sendAdminEmail(cli.services, adminActor(admin), { jobId, subject: `From the CLI ${i}`, message: "Hello from a shell" });
        await sendAdminEmail(secondServe.services, adminActor(admin), { jobId, subject: `From the second serve ${i}`, message: "Hello" });
      }
      for (let i = 0; i < 5; i++) await requestPasswordReset(cli.services, client.user.email);
      await requestPasswordReset(secondServe.services, client.user.email);

      const total = Number(((await server.services.db("emails").count({ n: "*" })) as Array<{ n: string | number }>)[0]!.n);
      await waitFor(async () => !(await statusCounts(server)).queued, 20_000, "every mail worked");
      const counts = await statusCounts(server);
      recordReliability({ id: "mail-1", metric: "mail delivered", value: counts.sent ?? 0, unit: "emails" });
      recordReliability({ id: "mail-1", metric: "mail lost", value: total - (counts.sent ?? 0), unit: "emails" });
      expect(counts).toEqual({ sent: total });
      // Each reached the mail server once: 20 admin e-mails to the poster, 6 reset links.
      const toClient = catcher.messages.filter((mail) => mail.to.includes(client.user.email));
      expect(toClient.filter((mail) => mail.raw.includes("Subject: From the")).length).toBe(20);
      expect(toClient.filter((mail) => /change-password\?token=/.test(mail.body)).length).toBe(6);
      expect([cli.mail, secondServe.mail]).toEqual(["leave", "leave"]);
    } finally {
      await cli.stop();
      await secondServe.stop();
    }
  });

  it("[mail-2] a job posted without notices (jobs:create --no-notify) queues no e-mail to the admins; with them, one per admin", async () => {
    const actor: Actor = { id: client.user.id, userType: client.user.userType, roleType: client.user.roleType };
    const quiet = await postJob(server.services, actor, jobCreateBody.parse(jobBody({ title: "Imported quietly" })), { notify: false });
    const loud = await postJob(server.services, actor, jobCreateBody.parse(jobBody({ title: "Posted aloud" })));
    const count = async (id: number) =>
      Number(((await server.services.db("emails").where({ job_id: id, kind: "job_posted" }).count({ n: "*" })) as Array<{ n: string | number }>)[0]!.n);
    expect(await count(quiet.job.id)).toBe(0);
    expect(await count(loud.job.id)).toBeGreaterThanOrEqual(1);
  });
});

describe("a deployment that never had a process with SMTP", () => {
  let server: TestServer;
  let catcher: MailCatcher | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
    await catcher?.close();
  });

  it("[mail-1] keeps mail as logged and tells the reset dialog that no email can be sent; once a process with SMTP starts, it delivers everything after", async () => {
    const client = await buildClient(server);
    const admin = await buildAdmin(server);
    const jobId = (await buildJob(client)).id;
    const recover = (email: string) => server.agent().post("/api/auth/recover").send({ email }).expect(202);
    // The same answer whether or not the account exists.
    expect((await recover(client.user.email)).body).toEqual({ ok: true, delivery: "none" });
    expect((await recover("nobody@example.test")).body).toEqual({ ok: true, delivery: "none" });
    await server.services.settle();
    expect(await statusCounts(server, { kind: "password_reset" })).toEqual({ logged: 1 });

    catcher = await startMailCatcher();
    const sender = await startSibling(server, { SMTP_URL: catcher.url });
    try {
      expect(sender.mail).toBe("send");
      expect((await recover(client.user.email)).body).toEqual({ ok: true, delivery: "queued" });
      // Queued by the server without SMTP, which may still take them off the queue: it hands them to the sender.
      for (let i = 0; i < 10; i++) await sendAdminEmail(server.services, adminActor(admin), { jobId, subject: `After the sender ${i}`, message: "Hello" });
      await waitFor(async () => !(await statusCounts(server)).queued, 30_000, "every mail worked");
      expect(await statusCounts(server, { kind: "password_reset" })).toEqual({ logged: 1, sent: 1 });
      expect(await statusCounts(server, { kind: "admin_email" })).toEqual({ sent: 10 });
      expect(catcher.messages.filter((mail) => mail.raw.includes("Subject: After the sender")).length).toBe(10);
    } finally {
      await sender.stop();
    }
  });
});

describe("SMTP down, then back", () => {
  let server: TestServer;
  let catcher: MailCatcher | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAIL_RETRY_ATTEMPTS: "30",
      EMAIL_RETRY_DELAY_MS: "200",
      EMAIL_RETRY_MAX_DELAY_MS: "1000",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await catcher?.close();
  });

  it("[mail-2] every mail queued during an SMTP outage is delivered once it is back, none lost or sent twice", async () => {
    const total = 200;
    await server.services.db.transaction(async (trx) => {
      for (let i = 0; i < total; i++) {
        const kind = i % 4 === 0 ? "admin_email" : "task_message";
        await server.services.mailer.send({ to: `outage-${i}@example.test`, kind, subject: `During the outage ${i}`, text: "Hello" }, trx);
      }
    });
    // Every one tried and refused at least once while the mail server is down.
    await waitFor(
      async () => {
        const [row] = (await server.services.db("emails").where("attempts", 0).count({ n: "*" })) as Array<{ n: string | number }>;
        return Number(row!.n) === 0;
      },
      30_000,
      "a first attempt of each",
    );
    expect(await statusCounts(server)).toEqual({ queued: total });

    catcher = await startMailCatcher(port);
    const back = Date.now();
    await waitFor(async () => (await statusCounts(server)).sent === total, 60_000, "every mail sent after the outage");
    const recovered = Date.now() - back;
    const counts = await statusCounts(server);
    const recipients = catcher.messages.flatMap((mail) => mail.to);
    recordReliability({ id: "mail-2", metric: "mail delivered after an SMTP outage", value: counts.sent ?? 0, unit: "emails" });
    recordReliability({ id: "mail-2", metric: "mail lost", value: total - (counts.sent ?? 0), unit: "emails" });
    recordReliability({ id: "mail-2", metric: "time to deliver the backlog after SMTP is back", value: recovered, unit: "ms" });
    expect(counts).toEqual({ sent: total });
    expect(new Set(recipients).size).toBe(total);
    expect(recipients).toHaveLength(total);
  }, 120_000);
});

describe("a reset behind a backlog of bulk notices", () => {
  let server: TestServer;
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer({ SMTP_URL: catcher.url });
  });
  afterAll(async () => {
    await server?.stop();
    await catcher?.close();
  });

  it("[mail-2] with 2,000 bulk notices queued, a reset queued after them is delivered within seconds, and the backlog drains", async () => {
    const client = await buildClient(server);
    const notices = 2_000;
    await server.services.db.transaction(async (trx) => {
      for (let i = 0; i < notices; i++) {
        await server.services.mailer.send({ to: `notice-${i}@example.test`, kind: "task_message", subject: `Notice ${i}`, text: "A task message waits." }, trx);
      }
    });
    const queuedAt = Date.now();
    await server.agent().post("/api/auth/recover").send({ email: client.user.email }).expect(202);
    await Promise.race([
      catcher.resetLink(client.user.email),
      new Promise((_, reject) => setTimeout(() => reject(new Error("the reset was not delivered within 30 s")), 30_000).unref()),
    ]);
    const resetMs = Date.now() - queuedAt;
    const behind = (await statusCounts(server, { kind: "task_message" })).queued ?? 0;
    recordReliability({ id: "mail-2", metric: "reset delivered behind 2,000 queued notices", value: resetMs, unit: "ms" });
    recordReliability({ id: "mail-2", metric: "notices still queued when the reset arrived", value: behind, unit: "emails" });
    expect(resetMs).toBeLessThan(5_000);

    await waitFor(async () => (await statusCounts(server, { kind: "task_message" })).sent === notices, 180_000, "the backlog sent");
    const drainMs = Date.now() - queuedAt;
    recordReliability({ id: "mail-2", metric: "time to send 2,000 notices", value: drainMs, unit: "ms" });
    expect(await statusCounts(server, { kind: "task_message" })).toEqual({ sent: notices });
  }, 240_000);
});
