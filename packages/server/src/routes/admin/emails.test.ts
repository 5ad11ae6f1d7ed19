import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awaitDeliveryAttempt, resendEmail, sendAdminEmail } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { dataProviderFor } from "./ra-client.js";

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can be stopped and started on the same port. */
class Inbox {
  received: Array<{ to: string[]; raw: string }> = [];
  private server: SMTPServer | undefined;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          this.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A free port on 127.0.0.1: nothing listens there until the inbox starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let server: TestServer;
let inbox: Inbox;
let admin: BuiltUser;
let poster: BuiltUser;
let freelancer: BuiltUser;
let jobId = 0;

beforeAll(async () => {
  inbox = new Inbox(await freePort());
  await inbox.start();
  // One attempt per message: a failure is final here at once (retries are email-retry.test.ts's).
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, MAIL_FROM: "Forgehire <team@forgehire.test>", EMAIL_RETRY_ATTEMPTS: "1" });
  [admin, poster, freelancer] = await Promise.all([
    buildAdmin(server),
    buildClient(server, { firstName: "Paula", lastName: "Poster" }),
    buildFreelancer(server),
  ]);
  jobId = (await buildJob(poster, { title: "Bakery Site" })).id;
  inbox.received = [];
});
afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

// Posting a job also e-mails the admins (in the background), so only the poster's mail is looked at.
const toPoster = () => inbox.received.filter((mail) => mail.to.includes(poster.user.email));
const adminEmails = () => server.services.db("emails").where({ kind: "admin_email" }).orderBy("created_at");

describe("POST /api/admin/emails", () => {
  it("sends the message to the job's poster over SMTP and keeps it in the outbox as admin_email", async () => {
    const { dataProvider } = await dataProviderFor(server, admin);
    const { data } = await dataProvider.create("emails", {
      data: { jobId, subject: "Regarding your project: Bakery Site", message: "Your stories are ready." },
    });
    expect(data).toMatchObject({ id: expect.any(String), to: poster.user.email, subject: "Regarding your project: Bakery Site", status: "sent" });

    expect(toPoster()).toHaveLength(1);
    expect(toPoster()[0]!.to).toEqual([poster.user.email]);
    expect(toPoster()[0]!.raw).toContain("Subject: Regarding your project: Bakery Site");
    expect(toPoster()[0]!.raw).toContain("Your stories are ready.");

    const [row] = await adminEmails();
    expect(row).toMatchObject({ id: data.id, job_id: jobId, sender_id: admin.user.id, status: "sent", to_address: poster.user.email });
    const listed = await dataProvider.getList("emails", {
      sort: { field: "createdAt", order: "DESC" },
      pagination: { page: 1, perPage: 5 },
      filter: { kind: "admin_email" },
    });
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: data.id, status: "sent", jobId, error: null, sentAt: expect.any(String) });
    expect((await dataProvider.getOne("emails", { id: data.id })).data.text).toBe("Your stories are ready.");
  });

  it("answers a blank subject or message with 400 'Please fill in all fields' and sends nothing", async () => {
    const before = (await adminEmails()).length;
    for (const body of [{ jobId, subject: "  ", message: "Hi" }, { jobId, subject: "Hi", message: "" }, { jobId }]) {
      const res = await admin.agent.post("/api/admin/emails").send(body).expect(400);
      expect(res.body.error).toMatchObject({ code: "FILL_ALL_FIELDS", title: "Error", message: "Please fill in all fields" });
    }
    expect((await admin.agent.post("/api/admin/emails").send({ jobId: "x", subject: "a", message: "b" }).expect(400)).body.error.code).toBe("VALIDATION");
    expect((await admin.agent.post("/api/admin/emails").send({ jobId: 999_999, subject: "a", message: "b" }).expect(404)).body.error.code).toBe(
      "JOB_NOT_FOUND",
    );
    expect((await adminEmails()).length).toBe(before);
    expect(toPoster()).toHaveLength(1);
  });

  it("answers 404 CLIENT_EMAIL_NOT_FOUND when the poster has no e-mail address", async () => {
    const other = await buildClient(server);
    const { id } = await buildJob(other, { title: "No Address" });
    await server.services.db("users").where({ id: other.user.id }).update({ email: "" });
    const res = await admin.agent.post("/api/admin/emails").send({ jobId: id, subject: "a", message: "b" }).expect(404);
    expect(res.body.error).toMatchObject({ code: "CLIENT_EMAIL_NOT_FOUND", message: "Client email not found" });
  });

  it("is refused to clients and freelancers (403) and sends nothing", async () => {
    const before = (await adminEmails()).length;
    for (const other of [poster, freelancer]) {
      const res = await other.agent.post("/api/admin/emails").send({ jobId, subject: "a", message: "b" }).expect(403);
      expect(res.body.error.code).toBe("ADMIN_ONLY");
    }
    expect((await adminEmails()).length).toBe(before);
    const actor = { id: poster.user.id, userType: "client" as const, roleType: "job_poster" as const };
    await expect(sendAdminEmail(server.services, actor, { jobId, subject: "a", message: "b" })).rejects.toMatchObject({ code: "ADMIN_ONLY" });
  });
});

describe("SMTP down, then up", () => {
  it("keeps the message as failed with the reason, and resendEmail delivers it once SMTP is back", async () => {
    await inbox.stop();
    const res = await admin.agent.post("/api/admin/emails").send({ jobId, subject: "While down", message: "Queued text" }).expect(503);
    expect(res.body.error.code).toBe("EMAIL_SEND_FAILED");
    expect(res.body.error.message).toMatch(/^Failed to send email: failed after 1 attempt\(s\) \(.+\); it can be resent\.$/);
    const failed = await server.services.db("emails").where({ subject: "While down" }).first();
    expect(failed).toMatchObject({ status: "failed", kind: "admin_email", sent_at: null });
    expect(failed.error).toMatch(/ECONNREFUSED/);

    // Still down: the resend fails again and the message stays failed, so it can be tried once more.
    expect((await admin.agent.post(`/api/admin/emails/${failed.id}/resend`).expect(503)).body.error.code).toBe("EMAIL_SEND_FAILED");
    expect((await server.services.db("emails").where({ id: failed.id }).first()).status).toBe("failed");

    await inbox.start();
    inbox.received = [];
    const actor = { id: admin.user.id, userType: "admin" as const, roleType: "admin" as const };
    const resent = await awaitDeliveryAttempt(server.services, await resendEmail(server.services, actor, failed.id));
    expect(resent).toMatchObject({ id: failed.id, status: "sent", error: null });
    expect(toPoster()).toHaveLength(1);
    expect(toPoster()[0]!.to).toEqual([poster.user.email]);
    expect(toPoster()[0]!.raw).toContain("Queued text");
    expect(await server.services.db("emails").where({ id: failed.id }).first()).toMatchObject({ status: "sent", error: null });

    // Sent once: a second resend is refused and nothing more goes out.
    const again = await admin.agent.post(`/api/admin/emails/${failed.id}/resend`).expect(409);
    expect(again.body.error.code).toBe("EMAIL_NOT_RESENDABLE");
    expect(toPoster()).toHaveLength(1);
  });

  it("resends over HTTP, one delivery however many resends arrive at once", async () => {
    await inbox.stop();
    await admin.agent.post("/api/admin/emails").send({ jobId, subject: "Race", message: "Once only" }).expect(503);
    const failed = await server.services.db("emails").where({ subject: "Race" }).first();
    await inbox.start();
    inbox.received = [];
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.agent.post(`/api/admin/emails/${failed.id}/resend`)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(toPoster()).toHaveLength(1);
  });

  it("send-reset mails the poster a working reset link over SMTP; a failed reset is not resent (its link is not kept)", async () => {
    inbox.received = [];
    await admin.agent.post(`/api/admin/users/${poster.user.id}/send-reset`).expect(202);
    await server.services.settle();
    const [mail] = toPoster();
    // Undo quoted-printable (soft breaks, =3D) to read the link as a mail client shows it.
    const body = mail!.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const token = /change-password\?token=([\w-]+)/.exec(body)?.[1];
    expect(token).toBeDefined();
    expect((await server.agent().get(`/api/auth/reset/${token}`).expect(200)).body).toEqual({ valid: true });

    await inbox.stop();
    await admin.agent.post(`/api/admin/users/${poster.user.id}/send-reset`).expect(202);
    await server.services.settle();
    const failed = await server.services.db("emails").where({ kind: "password_reset", status: "failed" }).first();
    expect(failed).toBeDefined();
    await inbox.start();
    inbox.received = [];
    const res = await admin.agent.post(`/api/admin/emails/${failed.id}/resend`).expect(409);
    expect(res.body.error).toMatchObject({ code: "EMAIL_NOT_RESENDABLE", message: expect.stringMatching(/one-time link/) });
    expect(toPoster()).toHaveLength(0);
    expect((await server.services.db("emails").where({ id: failed.id }).first()).status).toBe("failed");
  });

  it("answers an unknown or malformed e-mail id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await admin.agent.post(`/api/admin/emails/${id}/resend`).expect(404)).body.error.code).toBe("RECORD_NOT_FOUND");
    }
  });
});
