import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { createLogger, createServices, loadConfig } from "@forgehire/services";
import { recordReliability } from "@forgehire/services/testing";
import { startServer, type RunningServer } from "../../server.js";
import { buildClient, jobBody, type BuiltUser } from "../../test/factories.js";
import { openSocket, sessionCookie } from "../../test/sockets.js";
import { startTcpProxy, type TcpProxy } from "../../test/tcp-proxy.js";
import type { TestServer } from "../../test/test-server.js";

// The server reaches PostgreSQL through a TCP proxy that the test takes away and brings back: an outage with
// connections cut mid-life and new ones refused, as a database restart or a network cut looks to the server.
// PGlite lives inside the server process and cannot go away on its own, so this needs PostgreSQL.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

async function asAdmin(sql: string): Promise<void> {
  const url = new URL(base!);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!base || !template)("the database goes away and comes back (PostgreSQL only: skipped without TEST_DATABASE_URL)", () => {
  const name = `${template}_o${randomBytes(4).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-outage-"));
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  let proxy: TcpProxy;
  let running: RunningServer;
  let server: TestServer;
  let client: BuiltUser;

  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    await asAdmin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const real = new URL(base!);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(base!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: viaProxy.toString(),
      SESSION_SECRET: "test-secret-test-secret-test-secret",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      AUTH_RATE_LIMIT: "1000",
      PUBLIC_URL: "http://forgehire.test",
    });
    const services = await createServices(config, createLogger(config.logLevel));
    running = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });
    server = {
      url: running.url,
      app: running.app,
      services,
      agent: () => supertest.agent(running.url),
      stop: () => running.stop(),
      sweepSessions: () => running.sweepSessions(),
    };
    client = await buildClient(server);
  });
  afterAll(async () => {
    await proxy?.open();
    await running?.stop();
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    process.off("unhandledRejection", onUnhandled);
  });

  it("[fault-2] answers 503 DATABASE_UNAVAILABLE and /readyz 503 while PostgreSQL refuses, stays up, and recovers by itself", async () => {
    await client.agent.get("/api/jobs/mine").expect(200);
    await server.agent().get("/readyz").expect(200);
    const socket = await openSocket(server.url, await sessionCookie(server.url, client));

    await proxy.close();

    // Every kind of request that needs the database: a session read, a write, a sign-in, a sign-up, and readiness.
    const unavailable = { code: "DATABASE_UNAVAILABLE", title: "Service Unavailable", message: expect.any(String) };
    for (const attempt of [
      () => client.agent.get("/api/jobs/mine"),
      () => client.agent.post("/api/jobs").send(jobBody()),
      () => server.agent().post("/api/auth/login").send({ email: client.user.email, password: client.password }),
      () =>
        server.agent().post("/api/auth/signup").send({ email: "new@example.test", password: "secret-pass", firstName: "N", lastName: "U", userType: "client" }),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: unavailable });
    }
    expect((await server.agent().get("/readyz").expect(503)).body).toEqual({ ok: false, reason: "database unavailable" });
    // A socket opened before the outage stays connected; what needs the database is refused in the same words.
    expect(await socket.emitWithAck("join", { roomId: "any-room" })).toEqual({ error: { code: "DATABASE_UNAVAILABLE", message: unavailable.message } });
    expect(socket.connected).toBe(true);
    socket.disconnect();
    // The process is alive and says so.
    await server.agent().get("/healthz").expect(200, { ok: true });

    await proxy.open();
    const reopened = performance.now();
    // Polled, not slept: the first request to find the database back ends the wait; bounded at 30 s.
    let status = 0;
    while (performance.now() - reopened < 30_000) {
      status = (await client.agent.get("/api/jobs/mine")).status;
      if (status === 200) break;
      expect(status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recoveredMs = Math.round(performance.now() - reopened);
    expect(status).toBe(200);
    recordReliability({ id: "fault-2", metric: "time to recover", value: recoveredMs, unit: "ms" });
    process.stdout.write(`fault-2: served again ${recoveredMs} ms after PostgreSQL came back\n`);

    // Everything works again, with the session made before the outage.
    await server.agent().get("/readyz").expect(200);
    const created = await client.agent.post("/api/jobs").send(jobBody()).expect(201);
    await client.agent.get(`/api/jobs/${created.body.job.id}`).expect(200);
    expect(unhandled).toEqual([]);
  });
});
