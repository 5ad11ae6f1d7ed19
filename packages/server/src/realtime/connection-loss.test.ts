import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { pgAdminQuery, pgUrlFor } from "../test/postgres-admin.js";
import { afterAll, beforeAll, describe, expect, it, inject, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { callJson, signUpOver, spawnServer, type ServerProcess } from "../test/server-process.js";

// Two real `forgehire serve` processes on one PostgreSQL database. The socket.io Postgres adapter of each holds a
// LISTEN connection; the test kills it (and then every connection of the database) from the outside with
// pg_terminate_backend, as a PostgreSQL restart or a failover does. PGlite has no connections to lose.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

/** Polls (bounded) until the check passes; the delay is between polls, never a guess at how long something takes. */
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

describe.skipIf(!base || !template)("losing database connections never ends a server process (PostgreSQL only: skipped without TEST_DATABASE_URL)", () => {
  const name = `${template}_l${randomBytes(4).toString("hex")}`;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];

  const listeners = () =>
    pgAdminQuery<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'", [name]).then((rows) =>
      rows.map((row) => row.pid),
    );

  async function start(): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-loss-"));
    dirs.push(dataDir);
    const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: pgUrlFor(name) });
    servers.push(server);
    return server;
  }

  function open(server: ServerProcess, cookie: string): Promise<Socket> {
    const socket = connect(server.url, { transports: ["websocket"], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", reject);
    });
  }

  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    await pgAdminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    [a, b] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await pgAdminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("[fault-1] both processes outlive pg_terminate_backend of their LISTEN connections (then of every connection), reconnect, and chat crosses processes again", async () => {
    const client = await signUpOver(a.url, "client");
    const freelancer = await signUpOver(b.url, "freelancer");
    const profile = await callJson(`${b.url}/api/freelancers`, freelancer.cookie, "POST", {
      title: "AI Bot Developer",
      bio: "Bots",
      hourlyRate: 50,
      skills: ["OpenAI GPT"],
      domains: ["Mobile Apps"],
    });
    expect(profile.status).toBe(201);
    const room = await callJson(`${a.url}/api/chat/rooms`, client.cookie, "POST", { freelancerId: profile.body.id });
    expect(room.status).toBe(201);
    const roomId = room.body.roomId as string;

    // The sender's own socket on B, joined to the room: only the adapter can bring it a message posted through A.
    const socket = await open(b, client.cookie);
    expect(await socket.emitWithAck("join", { roomId })).toEqual({ ok: true });
    const crosses = async (content: string) => {
      const arrived = new Promise<{ content: string }>((resolve) => {
        const handler = (message: { content: string }) => {
          if (message.content !== content) return;
          socket.off("chat:message", handler);
          resolve(message);
        };
        socket.on("chat:message", handler);
      });
      const sent = await callJson(`${a.url}/api/chat/rooms/${roomId}/messages`, client.cookie, "POST", { content });
      expect(sent.status).toBe(201);
      expect((await arrived).content).toBe(content);
    };
    const bothServe = async () => {
      expect(a.alive(), a.output()).toBe(true);
      expect(b.alive(), b.output()).toBe(true);
      for (const server of [a, b]) {
        // The first request after a loss may meet a connection that died with it; a later one must be served.
        await eventually(async () =>
          expect((await callJson(`${server.url}/api/chat/rooms`, client.cookie, "GET")).status, `${server.url} serving again`).toBe(200),
        );
      }
    };
    /** Waits until both processes LISTEN again, on connections other than the ones killed. */
    const relistened = (killed: number[]) =>
      eventually(async () => {
        // A process that died of the loss will never LISTEN again: the failure says so, with what it printed.
        if (!a.alive() || !b.alive()) throw new Error(`a server process died:\n${a.output()}\n${b.output()}`);
        const now = await listeners();
        expect(now, "both adapters LISTEN again").toHaveLength(2);
        expect(
          now.filter((pid) => killed.includes(pid)),
          "on new connections",
        ).toEqual([]);
        return now;
      });

    await crosses("before any loss");

    // 1. Only the adapters' LISTEN connections.
    const listening = await eventually(async () => {
      const pids = await listeners();
      expect(pids, "both adapters LISTEN").toHaveLength(2);
      return pids;
    });
    await pgAdminQuery("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [listening]);
    const again = await relistened(listening);
    await bothServe();
    await crosses("after the LISTEN connections were terminated");

    // 2. Every connection of the database: knex's pool, the adapters' pools (idle and checked out), all at once.
    const everyone = await pgAdminQuery<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
    expect(everyone.length).toBeGreaterThan(2);
    await pgAdminQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
    await relistened(again);
    await bothServe();
    await crosses("after every connection was terminated");
  }, 60_000);
});
