import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOIN_IN_FLIGHT_PER_SOCKET, JOIN_REFUSALS_BEFORE_CLOSE, SOCKET_MESSAGES_PER_TURN } from "@forgehire/core";
import { recordReliability } from "@forgehire/services/testing";
import { buildClient, buildFreelancer, type BuiltUser } from "../test/factories.js";
import { openSocket, sessionCookie } from "../test/sockets.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

let server: TestServer;
let bobsCookie: string;
const rooms = new Map<BuiltUser, string>();
const flooders: BuiltUser[] = [];

/** A join's answer as the flooding client saw it; `closed` when the server closed the socket before answering. */
type Answer = { ok?: true; error?: { code: string; message: string }; closed?: true };
const FLOOD = 1000;
/** A mean wait over this many times a quiet one breaks the goal (load-2). */
const GOAL = 3;

beforeAll(async () => {
  server = await startTestServer();
  const nova = await buildFreelancer(server);
  const [bob, ...clients] = await Promise.all(Array.from({ length: 8 }, () => buildClient(server)));
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  for (const client of clients) rooms.set(client, (await client.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId);
  flooders.push(...clients);
  bobsCookie = await sessionCookie(server.url, bob!);
});
afterAll(async () => {
  await server?.stop();
});

/**
 * The flooding client, in a process of its own at the lowest priority, as it would be on another machine: in this
 * process, or competing with it for the CPU, its encoding of a thousand packets and handling of their answers would
 * be counted as the server's time. It reports `sent` once the thousand are handed to its socket.
 */
const flooder = `
const { io } = require(process.env.FLOOD_CLIENT);
const { url, cookie, count, request } = JSON.parse(process.env.FLOOD);
const socket = io(url, { transports: ["websocket"], extraHeaders: { cookie }, reconnection: false, forceNew: true });
socket.on("connect_error", (error) => process.send({ error: String(error) }));
socket.on("connect", () => {
  process.send({ connected: true });
  const started = performance.now();
  const joins = Array.from({ length: count }, () => socket.timeout(30000).emitWithAck("join", request));
  process.send({ sent: true });
  Promise.allSettled(joins).then((settled) => {
    const answers = settled.map((one) => (one.status === "fulfilled" ? one.value : { closed: true }));
    process.send({ answers, answeredMs: performance.now() - started }, () => process.exit(0));
    socket.disconnect();
  });
});
`;

/** Opens a socket as the user in another process and sends `count` joins of their room at once; resolves with every answer. */
async function flood(user: BuiltUser, count: number) {
  const cookie = await sessionCookie(server.url, user);
  const child = spawn("nice", ["-n", "19", process.execPath, "-e", flooder], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: {
      ...process.env,
      FLOOD_CLIENT: createRequire(import.meta.url).resolve("socket.io-client"),
      FLOOD: JSON.stringify({ url: server.url, cookie, count, request: { roomId: rooms.get(user) } }),
    },
  });
  let connected!: () => void;
  let sent!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const handedOver = new Promise<void>((resolve) => (sent = resolve));
  const done = new Promise<{ answers: Answer[]; answeredMs: number }>((resolve, reject) => {
    child.on("message", (message: { connected?: true; sent?: true; error?: string; answers?: Answer[]; answeredMs?: number }) => {
      if (message.connected) connected();
      else if (message.sent) sent();
      else if (message.error) reject(new Error(message.error));
      else resolve({ answers: message.answers!, answeredMs: message.answeredMs! });
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`the flooding process exited (${code})`)));
  }).finally(() => child.kill());
  return { connected: ready, sent: handedOver, done };
}

/** How long one request waits for its answer, in ms. */
async function waitOf(path: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

/** Sends `count` of each probe, one after the other (the two kinds side by side), keeping their waits. */
async function probe(count: number) {
  const health: number[] = [];
  const me: number[] = [];
  await Promise.all([
    (async () => {
      while (health.length < count) health.push(await waitOf("/healthz"));
    })(),
    (async () => {
      while (me.length < count) me.push(await waitOf("/api/auth/me", bobsCookie));
    })(),
  ]);
  return { health, me };
}

describe("a flood of joins from one socket", () => {
  it("[load-2] refuses joins past the socket's share by acknowledgement at once, and keeps the socket open", async () => {
    const socket = await openSocket(server.url, await sessionCookie(server.url, flooders[0]!));
    try {
      const burst = JOIN_IN_FLIGHT_PER_SOCKET + JOIN_REFUSALS_BEFORE_CLOSE - 10;
      const answers = await Promise.all(
        Array.from({ length: burst }, () => socket.timeout(10_000).emitWithAck("join", { roomId: rooms.get(flooders[0]!) }) as Promise<Answer>),
      );
      const refused = answers.filter((answer) => answer.error);
      expect(answers.filter((answer) => answer.ok).length + refused.length).toBe(burst);
      expect(refused.length).toBeGreaterThanOrEqual(burst - 2 * JOIN_IN_FLIGHT_PER_SOCKET);
      expect(new Set(refused.map((answer) => answer.error!.code))).toEqual(new Set(["RATE_LIMITED"]));
      expect(refused[0]!.error!.message).toMatch(/too many/i);
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it("[load-2] runs a few of a thousand joins at once, closes the socket, and runs a bounded number of queries", async () => {
    const queries: string[] = [];
    const count = (query: { sql: string }) => queries.push(query.sql);
    const { connected, done } = await flood(flooders[6]!, FLOOD);
    await connected;
    server.services.db.on("query", count);
    let result: Awaited<typeof done>;
    try {
      result = await done;
    } finally {
      server.services.db.off("query", count);
    }
    const { answers, answeredMs } = result;
    const joined = answers.filter((answer) => answer.ok).length;
    const refused = answers.filter((answer) => answer.error);
    const closed = answers.filter((answer) => answer.closed).length;
    const summary = JSON.stringify({
      joined,
      refused: refused.length,
      closed,
      answeredMs: Math.round(answeredMs),
      queries: queries.map((sql) => sql.slice(0, 40)),
    });
    recordReliability({ id: "load-2", metric: "queries run for 1,000 joins at once", value: queries.length, unit: "queries" });

    expect(joined + refused.length + closed, summary).toBe(FLOOD);
    // A tab never sends so many at once: the socket is closed, and what it sent after is dropped unread.
    expect(closed, summary).toBeGreaterThan(FLOOD - SOCKET_MESSAGES_PER_TURN);
    expect(
      refused.every((answer) => answer.error!.code === "RATE_LIMITED"),
      summary,
    ).toBe(true);
    // Each join let in costs two queries (its session and user, its room), and only a few are let in at a time: at
    // most those of one socket's share, and one more for each that ended before the socket was closed. The refused
    // ones cost none but for the shared rate's count now and then. (Without the limits: two per join, two thousand.)
    expect(queries.length, summary).toBeLessThanOrEqual(2 * (JOIN_IN_FLIGHT_PER_SOCKET + joined) + 5);
    expect(answeredMs, summary).toBeLessThan(5_000);
  });

  it("[load-2] keeps the mean wait of /healthz and of another user's requests within 3× a quiet one", async () => {
    // Five rounds, each with its own flooder and quiet waits just before, judged by the median round: one round's
    // figure on a busy machine is mostly the machine. The mean counts the whole stall a flood causes (before the
    // limits, seconds on every probe); the slowest single wait on either side is one scheduling hiccup of this machine
    // more often than the flood, so it is recorded but not judged.
    const rounds: Array<{ health: number; me: number; worst: number; summary: string }> = [];
    const ms = (waits: number[]) => waits.map((wait) => Math.round(wait));
    const mean = (waits: number[]) => waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
    await probe(10);
    for (const user of flooders.slice(1, 6)) {
      const quiet = await probe(20);
      const { sent, done } = await flood(user, FLOOD);
      await sent;
      // As many probes as the quiet ones, from the moment the flood is on its way: the server is through with it within the
      // first few (it used to take seconds), and as many samples on both sides give the machine's jitter as many
      // chances on each.
      const loaded = await probe(20);
      await done;
      rounds.push({
        health: mean(loaded.health) / mean(quiet.health),
        me: mean(loaded.me) / mean(quiet.me),
        worst: Math.max(...loaded.health, ...loaded.me),
        summary: JSON.stringify({ quiet: { health: ms(quiet.health), me: ms(quiet.me) }, loaded: { health: ms(loaded.health), me: ms(loaded.me) } }),
      });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const health = median(rounds.map((round) => round.health));
    const me = median(rounds.map((round) => round.me));
    recordReliability({ id: "load-2", metric: "mean healthz wait during a join flood (× quiet)", value: Number(health.toFixed(2)), unit: "×" });
    recordReliability({ id: "load-2", metric: "mean wait of another user's request during a join flood (× quiet)", value: Number(me.toFixed(2)), unit: "×" });
    recordReliability({
      id: "load-2",
      metric: "slowest wait during a join flood (median round)",
      value: Math.round(median(rounds.map((round) => round.worst))),
      unit: "ms",
    });
    const summary = rounds.map((round) => round.summary).join("\n");
    expect(health, summary).toBeLessThanOrEqual(GOAL);
    expect(me, summary).toBeLessThanOrEqual(GOAL);
  });
});
