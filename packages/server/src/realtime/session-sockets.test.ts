import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { pgAdminQuery, pgUrlFor } from "../test/postgres-admin.js";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import type { Socket } from "socket.io-client";
import { createLogger, createServices, createUser, loadConfig, setUserDisabled, type Services } from "@forgehire/services";
import { recordReliability } from "@forgehire/services/testing";
import { startServer, type RunningServer } from "../server.js";
import { openSocket } from "../test/sockets.js";

// A session ended through one server process closes its sockets on every other process: the ending process asks
// socket.io to disconnect the session's room, and the Postgres adapter carries that to the others. PGlite lives
// inside one process, so this needs PostgreSQL.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

interface Node {
  running: RunningServer;
  services: Services;
}

describe.skipIf(!base || !template)("sessions ended on one server process (skipped without TEST_DATABASE_URL)", () => {
  const name = `${template}_s${randomBytes(4).toString("hex")}`;
  const nodes: Node[] = [];
  const dirs: string[] = [];
  const sockets: Socket[] = [];
  let a: Node;
  let b: Node;

  async function start(): Promise<Node> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-sessions-"));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: pgUrlFor(name),
      SESSION_SECRET: "test-secret-test-secret-test-secret",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      AUTH_RATE_LIMIT: "1000",
      PUBLIC_URL: "http://forgehire.test",
    });
    const services = await createServices(config, createLogger(config.logLevel));
    const running = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });
    const node = { running, services };
    nodes.push(node);
    return node;
  }

  async function user(userType: "client" | "admin") {
    const password = "secret-pass";
    const record = await createUser(a.services, {
      email: `${userType}-${randomBytes(4).toString("hex")}@example.test`,
      firstName: "T",
      lastName: "U",
      password,
      userType,
    });
    return { record, password };
  }

  /** Signs in through `node` and returns the session cookie, which every process accepts (sessions live in the database). */
  async function signIn(node: Node, email: string, password: string): Promise<string> {
    const res = await fetch(`${node.running.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  async function open(node: Node, cookie: string): Promise<Socket> {
    const socket = await openSocket(node.running.url, cookie);
    sockets.push(socket);
    return socket;
  }

  const closedByServer = (socket: Socket) =>
    new Promise<number>((resolve, reject) => {
      socket.once("disconnect", (reason) => (reason === "io server disconnect" ? resolve(performance.now()) : reject(new Error(reason))));
    });

  beforeAll(async () => {
    await pgAdminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    a = await start();
    b = await start();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const node of nodes) await node.running.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await pgAdminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("[session-1] logging out through process A closes that session's socket on process B", async () => {
    const { record, password } = await user("client");
    const cookie = await signIn(a, record.email, password);
    const onB = await open(b, cookie);
    const closed = closedByServer(onB);
    const sentAt = performance.now();
    await fetch(`${a.running.url}/api/auth/logout`, { method: "POST", headers: { cookie } });
    const elapsed = (await closed) - sentAt;
    recordReliability({ id: "session-1", metric: "time from logout on one process to the socket closed on another", value: Math.round(elapsed), unit: "ms" });
  });

  it("[session-1] a password change through process B closes the other session's socket on process A", async () => {
    const { record, password } = await user("client");
    const current = await signIn(b, record.email, password);
    const other = await signIn(a, record.email, password);
    const onA = await open(a, other);
    const closed = closedByServer(onA);
    const res = await fetch(`${b.running.url}/api/auth/password`, {
      method: "PUT",
      headers: { cookie: current, "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: password, password: "changed-pass", confirmPassword: "changed-pass" }),
    });
    expect(res.status).toBe(204);
    await closed;
  });

  it("[session-1] disabling an account through process A closes its sockets on both processes", async () => {
    const admin = await user("admin");
    const { record, password } = await user("client");
    const cookie = await signIn(b, record.email, password);
    const closed = Promise.all([closedByServer(await open(a, cookie)), closedByServer(await open(b, cookie))]);
    await setUserDisabled(a.services, { id: admin.record.id, userType: "admin", roleType: "admin" }, record.id, true);
    await closed;
  });
});
