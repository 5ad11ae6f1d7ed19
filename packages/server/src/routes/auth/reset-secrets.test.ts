import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger, requestPasswordReset, WITHHELD_SECRET } from "@forgehire/services";
import { emailsRepository } from "@forgehire/services/repositories";
import { startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { buildClient } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let mail: MailCatcher;
/** Every line the server logged, at info level and up. */
const logLines: string[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  const logger = createLogger("info", { write: (line: string) => void logLines.push(line) });
  server = await startTestServer({ SMTP_URL: mail.url, LOG_LEVEL: "info" }, { logger });
});
beforeEach(() => {
  mail.release();
});
afterAll(async () => {
  mail?.release();
  await server?.stop();
  await mail?.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function outboxRow(email: string) {
  return (await server.services.db("emails").where({ to_address: email, kind: "password_reset" }).orderBy("created_at", "desc").first()) as
    { body_text: string; status: string } | undefined;
}

describe("password recovery answers before any mail", () => {
  it("[session-4] recover answers 202 while the mail server is still holding the email, for a known and an unknown address alike", async () => {
    const user = await buildClient(server);
    mail.hold();
    const known = await server.agent().post("/api/auth/recover").send({ email: user.user.email });
    const unknown = await server.agent().post("/api/auth/recover").send({ email: "nobody-at-all@example.test" });
    expect([known.status, known.body, unknown.status, unknown.body]).toEqual([202, { ok: true, delivery: "queued" }, 202, { ok: true, delivery: "queued" }]);
    // Neither answer waited for the delivery, which only now goes through.
    expect(mail.messages).toHaveLength(0);
    mail.release();
    const link = await mail.resetLink(user.user.email);
    await server
      .agent()
      .get(`/api/auth/reset/${tokenOf(link)}`)
      .expect(200, { valid: true });
    await server.services.settle();
    expect(mail.messages.some((m) => m.to.includes("nobody-at-all@example.test"))).toBe(false);
  });

  it("[session-4] the request's own path runs the same queries for a known and an unknown address: the lookup comes after the answer", async () => {
    const user = await buildClient(server);
    const real = server.services.background;
    const deferred: Array<() => Promise<unknown>> = [];
    // Work meant for after the answer is held here until the answer is in, so what the request itself did is seen alone.
    server.services.background = { run: (_name, task) => void deferred.push(task), drain: () => real.drain() };
    const queriesDuring = async (email: string) => {
      const seen: string[] = [];
      const listener = (query: { sql: string }) => seen.push(query.sql);
      server.services.db.on("query", listener);
      try {
        await server.agent().post("/api/auth/recover").send({ email }).expect(202);
      } finally {
        server.services.db.off("query", listener);
      }
      return seen;
    };
    try {
      const known = await queriesDuring(user.user.email);
      const unknown = await queriesDuring("nobody-either@example.test");
      expect(known).toEqual(unknown);
      expect(known.join("\n")).not.toMatch(/users|password_reset_tokens|emails/);
    } finally {
      server.services.background = real;
    }
    expect(deferred).toHaveLength(2);
    await Promise.all(deferred.map((task) => task()));
    await mail.next(user.user.email);
  });
});

describe("reset links are bearer secrets", () => {
  it("[session-5] the link reaches the recipient over SMTP but never the outbox or the logs, nor through the reset URLs' access log", async () => {
    const user = await buildClient(server);
    await server.agent().post("/api/auth/recover").send({ email: user.user.email }).expect(202);
    const link = await mail.resetLink(user.user.email);
    const token = tokenOf(link);
    expect(link.startsWith("http://forgehire.test/change-password?token=")).toBe(true);

    // What an operator can read (emails:list --full prints this text) names the link without giving it.
    await server.services.settle();
    const row = await outboxRow(user.user.email);
    expect(row?.status).toBe("sent");
    expect(row?.body_text).toContain(WITHHELD_SECRET);
    expect(row?.body_text).not.toContain(token);
    const listed = await emailsRepository.list(server.services.db, { to: user.user.email, offset: 0, limit: 10 });
    expect(listed.rows.map((r) => r.text).join("\n")).not.toContain(token);

    // The token travels in URLs when it is used; the access log keeps them without it.
    await server.agent().get(`/api/auth/reset/${token}`).expect(200);
    await server.agent().get(`/change-password?token=${token}`);
    await server.agent().post("/api/auth/reset").send({ token, password: "brand-new-pass" }).expect(204);
    const logged = logLines.join("");
    expect(logged).toContain("/api/auth/reset/[redacted]");
    expect(logged).toContain("/change-password?token=[redacted]");
    expect(logged).not.toContain(token);
  });

  it("[session-5] without SMTP the outbox and the log hold the email with the link withheld", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const noSmtp = await startTestServer({ LOG_LEVEL: "info" }, { logger });
    try {
      const user = await buildClient(noSmtp);
      await requestPasswordReset(noSmtp.services, user.user.email);
      await noSmtp.services.settle();
      const row = (await noSmtp.services.db("emails").where({ to_address: user.user.email, kind: "password_reset" }).first()) as
        { body_text: string; status: string } | undefined;
      expect(row?.status).toBe("logged");
      expect(row?.body_text).toContain(WITHHELD_SECRET);
      expect(row?.body_text).not.toMatch(/token=/);
      expect(lines.join("")).toContain(WITHHELD_SECRET);
      expect(lines.join("")).not.toMatch(/token=/);
    } finally {
      await noSmtp.stop();
    }
  });
});
