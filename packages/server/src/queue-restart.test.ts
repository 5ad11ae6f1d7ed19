import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, inject } from "vitest";
import { startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { withTemplateCopy } from "./test/postgres-admin.js";
import { signUpOver, spawnServer, type ServerProcess } from "./test/server-process.js";

// A queued e-mail outlives its process: kill -9 a real `forgehire serve` while an e-mail is being retried (the kill
// may land mid-attempt: that job then expires after QUEUE_JOB_TIMEOUT_SECONDS and runs again), start the server
// again on the same data, and the e-mail is delivered. On the embedded PGlite and on PostgreSQL.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

const dirs: string[] = [];
const servers: ServerProcess[] = [];
let mail: MailCatcher | undefined;
afterAll(async () => {
  for (const server of servers) if (server.alive()) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await mail?.close();
});

/** An SMTP server that is down: it takes each connection and drops it at once, counting them. */
async function droppingSmtp(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, connections: () => connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function killWhileQueuedThenRestart(databaseUrl: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-queue-kill9-"));
  dirs.push(dataDir);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    EMAIL_RETRY_DELAY_MS: "300",
    EMAIL_RETRY_MAX_DELAY_MS: "600",
    QUEUE_POLL_SECONDS: "0.5",
    QUEUE_JOB_TIMEOUT_SECONDS: "3",
    QUEUE_MAINTENANCE_SECONDS: "1",
  };
  const down = await droppingSmtp();
  const first = await spawnServer({ ...env, SMTP_URL: down.url });
  servers.push(first);
  const client = await signUpOver(first.url, "client");
  const recover = await fetch(`${first.url}/api/auth/recover`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: client.user.email }),
  });
  expect(recover.status).toBe(202);
  // Attempts reach the mail server and fail: the e-mail is committed and waiting for its next attempt.
  const deadline = Date.now() + 30_000;
  while (down.connections() < 2) {
    if (Date.now() > deadline) throw new Error(`no delivery attempt reached SMTP:\n${first.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await first.kill9();
  await down.close();

  mail ??= await startMailCatcher();
  const second = await spawnServer({ ...env, SMTP_URL: mail.url });
  servers.push(second);
  const link = await Promise.race([
    mail.resetLink(client.user.email),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not delivered after the restart:\n${second.output()}`)), 30_000)),
  ]);
  // The link the first process queued, still good.
  const token = new URL(link).searchParams.get("token");
  expect((await fetch(`${second.url}/api/auth/reset/${token}`)).status).toBe(200);
  await second.stop();
}

describe("kill -9 with an e-mail in the queue", () => {
  it("delivers it after the restart on the embedded PGlite", async () => {
    await killWhileQueuedThenRestart("");
  }, 120_000);

  it.skipIf(!base || !template)(
    "delivers it after the restart on PostgreSQL (skipped without TEST_DATABASE_URL)",
    async () => {
      await withTemplateCopy(template!, killWhileQueuedThenRestart);
    },
    120_000,
  );
});
