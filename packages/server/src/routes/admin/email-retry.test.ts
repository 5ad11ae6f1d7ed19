import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendAdminEmail } from "@forgehire/services";
import { emailsRepository } from "@forgehire/services/repositories";
import { startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { buildAdmin, buildClient, buildJob } from "../../test/factories.js";
import { startTcpProxy, type TcpProxy } from "../../test/tcp-proxy.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let mail: MailCatcher;
/** SMTP as the server reaches it: closing the proxy is the mail server going down. */
let smtp: TcpProxy;

beforeAll(async () => {
  mail = await startMailCatcher();
  const { port } = new URL(mail.url);
  smtp = await startTcpProxy({ host: "127.0.0.1", port: Number(port) });
  // Short pauses between attempts (production: 5 s doubling to 1 minute), the shortest polling.
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    EMAIL_RETRY_DELAY_MS: "200",
    EMAIL_RETRY_MAX_DELAY_MS: "400",
    QUEUE_POLL_SECONDS: "0.5",
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await mail?.close();
});

describe("e-mail delivery through the queue", () => {
  it("SMTP down, then back: the message is retried with its attempts and reason visible, then delivered by a retry", async () => {
    const [admin, poster] = await Promise.all([buildAdmin(server), buildClient(server)]);
    const job = await buildJob(poster, { title: "Retry Me" });
    await server.services.settle();
    await smtp.close();

    const actor = { id: admin.user.id, userType: "admin" as const, roleType: "admin" as const };
    const queued = await sendAdminEmail(server.services, actor, { jobId: job.id, subject: "While SMTP is down", message: "Delivered later" });
    expect(queued).toMatchObject({ status: "queued", attempts: 0 });

    // Two refused attempts, each recorded on the outbox row the back office and emails:list show.
    const retrying = await vi.waitFor(
      async () => {
        const row = (await emailsRepository.findById(server.services.db, queued.id))!;
        expect(row.attempts, "two failed attempts").toBeGreaterThanOrEqual(2);
        return row;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(retrying).toMatchObject({ status: "queued", sentAt: null, error: expect.stringMatching(/ECONNREFUSED/) });
    const listed = await admin.agent.get(`/api/admin/emails/${queued.id}`).expect(200);
    expect(listed.body).toMatchObject({ status: "queued", error: expect.stringMatching(/ECONNREFUSED/), attempts: expect.any(Number) });
    expect(mail.messages.filter((m) => m.to.includes(poster.user.email))).toHaveLength(0);

    await smtp.open();
    const delivered = await mail.next(poster.user.email);
    expect(delivered.body).toContain("Delivered later");
    const sent = await vi.waitFor(
      async () => {
        const row = (await emailsRepository.findById(server.services.db, queued.id))!;
        expect(row.status).toBe("sent");
        return row;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent).toMatchObject({ error: null, sentAt: expect.any(Date) });
    // Delivered once: the later jobs of the same message see it sent and stop.
    await server.services.settle();
    expect(mail.messages.filter((m) => m.to.includes(poster.user.email))).toHaveLength(1);
  });
});
