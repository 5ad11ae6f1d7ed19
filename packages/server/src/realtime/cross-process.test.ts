import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { pgAdminQuery, pgUrlFor } from "../test/postgres-admin.js";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import type { BreakdownDoneEvent } from "@forgehire/core";
import { createLogger, createServices, createUser, loadConfig, workBreakdownRun, type Services } from "@forgehire/services";
import { jobBody } from "../test/factories.js";
import { startServer, type RunningServer } from "../server.js";

declare module "vitest" {
  // Provided by the services' global setup: the migrated template database, when TEST_DATABASE_URL is set.
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

// Two server processes on one PostgreSQL database: each has its own socket.io server and in-process bus, so a
// message can only cross through the Postgres adapter. PGlite lives inside one process, so this needs PostgreSQL.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

interface Node {
  running: RunningServer;
  services: Services;
}

describe.skipIf(!base || !template)("two server processes on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is single-process)", () => {
  const name = `${template}_x${randomBytes(4).toString("hex")}`;
  const nodes: Node[] = [];
  const dirs: string[] = [];
  const sockets: Socket[] = [];

  async function start(): Promise<Node> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-xproc-"));
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

  async function signIn(node: Node, userType: "client" | "freelancer") {
    const user = await createUser(node.services, {
      email: `${userType}-${randomBytes(4).toString("hex")}@example.test`,
      firstName: "Test",
      lastName: userType,
      password: "secret-pass",
      userType,
    });
    const agent = supertest.agent(node.running.url);
    const res = await agent.post("/api/auth/login").send({ email: user.email, password: "secret-pass" }).expect(200);
    const cookie = (res.headers["set-cookie"] as unknown as string[]).map((c) => c.split(";")[0]).join("; ");
    return { user, agent, cookie };
  }

  function open(node: Node, cookie: string): Promise<Socket> {
    const socket = connect(node.running.url, { transports: ["websocket"], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", reject);
    });
  }

  let a: Node;
  let b: Node;
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

  it("a breakdown run worked by process A reaches the job owner's socket on process B", async () => {
    const client = await signIn(b, "client");
    const job = (await client.agent.post("/api/jobs").send(jobBody()).expect(201)).body.job as { id: number };
    const socket = await open(b, client.cookie);
    const done = new Promise<BreakdownDoneEvent>((resolve) => socket.once("breakdown:done", resolve));
    // A run with no queue job, worked by A only (with its rules engine: no AI needed to prove the way events go).
    const [run] = (await a.services.db("breakdown_runs").insert({ job_id: job.id, requested_by: client.user.id }).returning("id")) as Array<{ id: string }>;
    await workBreakdownRun(a.services, a.services.engines.rules, run!.id, { lastTry: false });
    expect(await done).toEqual({ runId: run!.id, jobId: job.id, status: "succeeded", storyCount: expect.any(Number), source: "rules" });
  });

  it("[proof-1] a message posted through process A reaches a room member's socket on process B; 100 messages timed", async () => {
    const client = await signIn(a, "client");
    const freelancer = await signIn(b, "freelancer");
    const profile = await freelancer.agent
      .post("/api/freelancers")
      .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
      .expect(201);
    const room = (await client.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId as string;

    // The sender's own socket on B, joined to the room: a member who is not the recipient, so nothing but the
    // room's channel (crossing through the adapter) can bring it the message.
    const socket = await open(b, client.cookie);
    expect(await socket.emitWithAck("join", { roomId: room })).toEqual({ ok: true });

    const first = new Promise<{ content: string; roomId: string }>((resolve) => socket.once("chat:message", resolve));
    await client.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Across processes" }).expect(201);
    expect(await first).toMatchObject({ content: "Across processes", roomId: room });

    // Delivery latency: from the POST leaving the client (through A) to the event on B's socket, one at a time.
    const latencies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const content = `m${i}`;
      const arrived = new Promise<number>((resolve) => {
        const handler = (message: { content: string }) => {
          if (message.content !== content) return;
          socket.off("chat:message", handler);
          resolve(performance.now());
        };
        socket.on("chat:message", handler);
      });
      const sentAt = performance.now();
      await client.agent.post(`/api/chat/rooms/${room}/messages`).send({ content }).expect(201);
      latencies.push((await arrived) - sentAt);
    }
    latencies.sort((x, y) => x - y);
    const median = (latencies[49]! + latencies[50]!) / 2;
    const worst = latencies[99]!;
    process.stdout.write(`cross-process chat:message latency over 100 messages: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms\n`);
    expect(latencies).toHaveLength(100);
  });
});
