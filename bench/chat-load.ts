// Chat under load (issue #13, goal 3): many sockets in many rooms, messages POSTed at a steady rate, each timed from
// its POST until it reaches every member's socket. The servers run as child processes (`forgehire serve` on a
// fresh PostgreSQL database), the sockets and the senders in this process. Baseline in the same run: a bare
// socket.io relay (chat-relay.ts) driven the same way, which has no sessions, database or adapter.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chat [-- --quick]
//
// `measureChatLoad` returns the table's rows for `npm run bench`; run as a script it prints them and exits 1 when a
// goal is missed. `--quick` (CI) runs a tenth of the sockets and rates for 3 s instead of 10 s. BENCH_PORT_BASE
// picks the servers' ports (base … base+3) instead of free ones.
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from "@forgehire/core";
import { createLogger, createServices, loadConfig, migrateLatest } from "@forgehire/services";
import { startServer } from "@forgehire/server";

/** A row of the benchmark table: a figure, its baseline from the same run, and whether the goal is met. */
export interface BenchRow {
  figure: string;
  value: number;
  /** the bare relay's figure (or null where there is none) */
  baseline: number | null;
  /** value / baseline, when both are known and the baseline is not 0 */
  ratio: number | null;
  goal: string;
  met: boolean;
}

/** How measureChatLoad runs. */
export interface ChatLoadOptions {
  /** a PostgreSQL server URL (any database on it): a fresh database is made there and dropped afterwards */
  databaseUrl: string;
  /** small numbers for CI: a tenth of the sockets and rates, 3 s per run */
  quick?: boolean;
  /** first of four consecutive ports for the servers; free ones otherwise */
  portBase?: number;
  /** progress lines */
  log?: (line: string) => void;
}

interface Scenario {
  label: string;
  rooms: number;
  /** messages per second over all rooms */
  rate: number;
  seconds: number;
  /** each room's freelancer socket on the second server process */
  twoProcesses: boolean;
}

/** A chat server the load is driven against: where each member's socket connects and how a message is sent. */
interface Target {
  /** the URL a member's socket connects to, and its cookie */
  socketFor(room: number, member: 0 | 1): { url: string; cookie?: string; roomId: string };
  /** POSTs a message to a room; resolves with the status */
  send(room: number, content: string): Promise<number>;
}

interface LoadResult {
  offered: number;
  /** messages answered 201 by the end of the sending window plus one second */
  answeredInTime: number;
  /** deliveries (message × member) that never arrived */
  lost: number;
  /** deliveries beyond the first of a message to a socket */
  duplicates: number;
  p50: number;
  p99: number;
  failedPosts: number;
}

const SESSION_SECRET = "bench-secret-bench-secret-bench-secret";
const binPath = fileURLToPath(new URL("../bin/forgehire", import.meta.url));
const relayPath = fileURLToPath(new URL("./chat-relay.ts", import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a child process and waits for a line of its output. */
async function spawnUntil(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 120 s:\n${printed}`)), 120_000);
    const onData = (chunk: Buffer) => {
      printed += chunk.toString("utf8");
      if (printed.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${printed}`));
    });
  });
  // Keep draining its output so a chatty child never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

/** Stops a child process: SIGTERM, then SIGKILL after 10 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** express-session's cookie for a session id: `s:` + the id + its HMAC (cookie-signature), URI-encoded. */
const sessionCookie = (sid: string) =>
  `forgehire.sid=${encodeURIComponent(`s:${sid}.${createHmac("sha256", SESSION_SECRET).update(sid).digest("base64").replace(/=+$/, "")}`)}`;

/**
 * Seeds `rooms` client–freelancer rooms with a signed-in session per member, straight into the tables: logging in
 * 500 users through the API would time the password hash, not the chat.
 * @returns per room its id and its two members' cookies (client first)
 */
async function seedRooms(db: pg.Client, rooms: number, tag: string): Promise<Array<{ roomId: string; cookies: [string, string] }>> {
  const out: Array<{ roomId: string; cookies: [string, string] }> = [];
  const expires = new Date(Date.now() + 24 * 3600_000);
  for (let i = 0; i < rooms; i++) {
    const ids = [randomUUID(), randomUUID()] as const;
    const sids = [randomBytes(16).toString("hex"), randomBytes(16).toString("hex")] as const;
    const roomId = `${ids[0]}_freelancer_${ids[1]}`;
    await db.query(
      `insert into users (id, email, password_hash, first_name, last_name, user_type, role_type) values
         ($1, $3, 'x', 'Bench', 'Client', 'client', 'job_poster'), ($2, $4, 'x', 'Bench', 'Freelancer', 'freelancer', 'freelancer')`,
      [ids[0], ids[1], `c${i}-${tag}@bench.test`, `f${i}-${tag}@bench.test`],
    );
    await db.query(`insert into chat_rooms (room_id, client_id, freelancer_id, freelancer_user_id) values ($1, $2, $3::text, $3::uuid)`, [
      roomId,
      ids[0],
      ids[1],
    ]);
    for (const [j, sid] of sids.entries()) {
      const sess = {
        cookie: { originalMaxAge: 24 * 3600_000, expires: expires.toISOString(), httpOnly: true, path: "/", sameSite: "lax", secure: false },
        passport: { user: ids[j] },
      };
      await db.query(`insert into sessions (sid, sess, expired) values ($1, $2, $3)`, [sid, JSON.stringify(sess), expires]);
    }
    out.push({ roomId, cookies: [sessionCookie(sids[0]), sessionCookie(sids[1])] });
  }
  return out;
}

/** Connects one socket (websocket only, as browsers do once upgraded) and joins its room. */
async function openMember(url: string, cookie: string | undefined, roomId: string): Promise<Socket<ServerToClientEvents, ClientToServerEvents>> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
    transports: ["websocket"],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const answer = await socket.timeout(30_000).emitWithAck("join", { roomId });
  if (!("ok" in answer)) throw new Error(`join refused: ${answer.error.code}`);
  return socket;
}

/**
 * Opens every member's socket, then sends `rate` messages per second round the rooms for `seconds`, open loop
 * (a slow answer never delays the next send), and waits for the deliveries to drain.
 */
async function runLoad(target: Target, scenario: Scenario, drainMs: number): Promise<LoadResult> {
  const sockets: Array<Socket<ServerToClientEvents, ClientToServerEvents>> = [];
  const memberOf: Array<{ room: number }> = [];
  const total = Math.round(scenario.rate * scenario.seconds);
  const sentAt = new Float64Array(total).fill(Number.NaN);
  const answeredAt = new Float64Array(total).fill(Number.NaN);
  // per socket: how many times each message arrived, and the latencies of first arrivals
  const copies: Uint8Array[] = [];
  const latencies: number[] = [];
  let failedPosts = 0;
  try {
    for (let room = 0; room < scenario.rooms; room++) {
      for (const member of [0, 1] as const) {
        const where = target.socketFor(room, member);
        const socket = await openMember(where.url, where.cookie, where.roomId);
        const seen = new Uint8Array(total);
        copies.push(seen);
        sockets.push(socket);
        memberOf.push({ room });
        socket.on("chat:message", (message: ChatMessage) => {
          const seq = Number(message.content.split(" ")[1]);
          if (!Number.isInteger(seq) || seq < 0 || seq >= total) return;
          seen[seq] = Math.min(255, seen[seq]! + 1);
          if (seen[seq] === 1) latencies.push(performance.now() - sentAt[seq]!);
        });
      }
    }
    const started = performance.now();
    const inFlight: Array<Promise<void>> = [];
    for (let seq = 0; seq < total; seq++) {
      const due = started + (seq * 1000) / scenario.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const room = seq % scenario.rooms;
      sentAt[seq] = performance.now();
      inFlight.push(
        target.send(room, `bench ${seq}`).then(
          (status) => {
            if (status === 201) answeredAt[seq] = performance.now();
            else failedPosts += 1;
          },
          () => {
            failedPosts += 1;
          },
        ),
      );
    }
    const windowEnd = started + scenario.seconds * 1000;
    await Promise.race([Promise.all(inFlight), sleep(drainMs)]);
    // Deliveries drain: until every answered message reached both members of its room, or the drain time is over.
    const expected = () => {
      let missing = 0;
      for (let s = 0; s < sockets.length; s++) {
        const room = memberOf[s]!.room;
        for (let seq = room; seq < total; seq += scenario.rooms) if (copies[s]![seq] === 0) missing += 1;
      }
      return missing;
    };
    const drainUntil = performance.now() + drainMs;
    while (expected() > 0 && performance.now() < drainUntil) await sleep(100);
    // A moment more, so a second copy sent after the first would be counted.
    await sleep(300);
    let duplicates = 0;
    for (const seen of copies) for (const count of seen) if (count > 1) duplicates += count - 1;
    const answeredInTime = [...answeredAt].filter((at) => at <= windowEnd + 1000).length;
    const sorted = latencies.sort((a, b) => a - b);
    return { offered: total, answeredInTime, lost: expected(), duplicates, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), failedPosts };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

/** Counts the SQL statements one chat message costs: knex's queries in an in-process server, plus its adapter's pg_notify. */
async function statementsPerMessage(databaseUrl: string, room: { roomId: string; cookies: [string, string] }, messages: number): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-chatbench-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "100000",
    PUBLIC_URL: "http://127.0.0.1",
  });
  const services = await createServices(config, createLogger("silent"));
  const server = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  let notifies = 0;
  listener.on("notification", (note) => {
    // The adapter's own heartbeats travel on the same channel; only broadcasts are a message's cost.
    if (note.payload && (JSON.parse(note.payload) as { type?: number }).type === 3) notifies += 1;
  });
  await listener.query(`LISTEN "socket.io#/"`);
  let queries = 0;
  const count = () => (queries += 1);
  try {
    const socket = await openMember(server.url, room.cookies[1], room.roomId);
    const post = async (i: number) => {
      const res = await fetch(`${server.url}/api/chat/rooms/${encodeURIComponent(room.roomId)}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: room.cookies[0] },
        body: JSON.stringify({ content: `count ${i}` }),
      });
      if (res.status !== 201) throw new Error(`POST answered ${res.status}`);
    };
    for (let i = 0; i < 5; i++) await post(i);
    await sleep(500);
    notifies = 0;
    services.db.on("query", count);
    for (let i = 0; i < messages; i++) await post(i);
    // The chat notification runs after the answer, and the notifications arrive a moment later.
    await sleep(500);
    services.db.off("query", count);
    socket.disconnect();
    return (queries + notifies) / messages;
  } finally {
    await listener.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs the chat load benchmark against `forgehire serve` on a fresh PostgreSQL database and a bare socket.io relay.
 * @returns the rows of the benchmark table
 */
export async function measureChatLoad(options: ChatLoadOptions): Promise<BenchRow[]> {
  const log = options.log ?? (() => undefined);
  const quick = options.quick ?? false;
  const scale = quick ? 0.1 : 1;
  const seconds = quick ? 3 : 10;
  const drainMs = quick ? 15_000 : 60_000;
  const small: Scenario = { label: `${200 * scale} sockets, ${100 * scale} msg/s`, rooms: 100 * scale, rate: 100 * scale, seconds, twoProcesses: false };
  const large: Scenario = { label: `${500 * scale} sockets, ${250 * scale} msg/s`, rooms: 250 * scale, rate: 250 * scale, seconds, twoProcesses: false };
  const split: Scenario = { ...large, label: `${large.label}, members on two processes`, twoProcesses: true };

  const urlFor = (name: string) => Object.assign(new URL(options.databaseUrl), { pathname: `/${name}` }).toString();
  const name = `forgehire_chatbench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = urlFor(name);
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const seedClient = new pg.Client({ connectionString: databaseUrl });
  try {
    {
      const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-chatbench-"));
      dirs.push(dataDir);
      const services = await createServices(
        loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET, LOG_LEVEL: "silent" }),
        createLogger("silent"),
      );
      await migrateLatest(services.db);
      await services.close();
    }
    await seedClient.connect();
    log(`seeding ${large.rooms} rooms…`);
    const rooms = await seedRooms(seedClient, large.rooms, name);
    const spare = (await seedRooms(seedClient, 1, `${name}-count`))[0]!;

    const ports = options.portBase ? [0, 1, 2].map((i) => options.portBase! + i) : await Promise.all([freePort(), freePort(), freePort()]);
    const serve = async (port: number) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-chatbench-"));
      dirs.push(dataDir);
      const url = `http://127.0.0.1:${port}`;
      const child = await spawnUntil(
        [binPath, "serve", "--no-demo", "--no-build", "--port", String(port)],
        {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PUBLIC_URL: url,
          SESSION_SECRET,
          LOG_LEVEL: "warn",
          AUTH_RATE_LIMIT: "1000000",
          NODE_ENV: "development",
        },
        "Portal:",
      );
      children.push(child);
      return url;
    };
    log("starting the relay and two forgehire servers…");
    const relayUrl = `http://127.0.0.1:${ports[0]}`;
    children.push(await spawnUntil(["--import", "tsx", relayPath, String(ports[0])], {}, "relay listening"));
    const [a, b] = [await serve(ports[1]!), await serve(ports[2]!)];

    const relay: Target = {
      socketFor: (room) => ({ url: relayUrl, roomId: rooms[room]!.roomId }),
      send: async (room, content) => {
        const res = await fetch(`${relayUrl}/relay/${encodeURIComponent(rooms[room]!.roomId)}`, { method: "POST", body: JSON.stringify({ content }) });
        await res.arrayBuffer();
        return res.status;
      },
    };
    const forgehire = (twoProcesses: boolean): Target => ({
      socketFor: (room, member) => ({ url: twoProcesses && member === 1 ? b : a, cookie: rooms[room]!.cookies[member], roomId: rooms[room]!.roomId }),
      send: async (room, content) => {
        // With two processes, every other room posts through the second one, so messages cross both ways.
        const url = twoProcesses && room % 2 === 1 ? b : a;
        const res = await fetch(`${url}/api/chat/rooms/${encodeURIComponent(rooms[room]!.roomId)}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: rooms[room]!.cookies[0] },
          body: JSON.stringify({ content }),
        });
        await res.arrayBuffer();
        return res.status;
      },
    });

    const run = async (scenario: Scenario, target: Target, who: string) => {
      log(`${scenario.label}: ${who}…`);
      const result = await runLoad(target, scenario, drainMs);
      log(
        `  offered ${result.offered}, answered in time ${result.answeredInTime}, lost ${result.lost}, duplicates ${result.duplicates}, failed posts ${result.failedPosts}, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
      );
      return result;
    };
    // A short warm-up of each (JIT, pools, first connections), not measured.
    await runLoad(relay, { ...small, rooms: 5 * (quick ? 1 : 2), rate: 10, seconds: 1 }, 5_000);
    await runLoad(forgehire(false), { ...small, rooms: 5 * (quick ? 1 : 2), rate: 10, seconds: 1 }, 5_000);

    const rows: BenchRow[] = [];
    const row = (figure: string, value: number, baseline: number | null, goal: string, met: boolean) =>
      rows.push({ figure, value, baseline, ratio: baseline !== null && baseline !== 0 ? value / baseline : null, goal, met });

    const smallBase = await run(small, relay, "bare relay");
    const smallReal = await run(small, forgehire(false), "forgehire");
    row(`chat ${small.label}: delivery p99 (ms)`, smallReal.p99, smallBase.p99, "≤ 10× the relay", smallReal.p99 <= 10 * smallBase.p99);
    row(`chat ${small.label}: deliveries lost`, smallReal.lost, smallBase.lost, "0", smallReal.lost === 0);
    row(`chat ${small.label}: extra copies delivered`, smallReal.duplicates, smallBase.duplicates, "0 (once per socket)", smallReal.duplicates === 0);

    const largeBase = await run(large, relay, "bare relay");
    for (const [scenario, target] of [
      [large, forgehire(false)],
      [split, forgehire(true)],
    ] as const) {
      const result = await run(scenario, target, "forgehire");
      row(
        `chat ${scenario.label}: answered/offered`,
        result.answeredInTime / result.offered,
        largeBase.answeredInTime / largeBase.offered,
        "≥ 0.98",
        result.answeredInTime / result.offered >= 0.98,
      );
      row(`chat ${scenario.label}: deliveries lost`, result.lost, largeBase.lost, "0", result.lost === 0);
      row(`chat ${scenario.label}: delivery p99 (ms)`, result.p99, largeBase.p99, "(reported)", true);
      row(`chat ${scenario.label}: extra copies delivered`, result.duplicates, largeBase.duplicates, "0 (once per socket)", result.duplicates === 0);
    }

    const statements = await statementsPerMessage(databaseUrl, spare, quick ? 20 : 100);
    row("chat: SQL statements per message (POST, session, e-mail throttle, adapter publish)", statements, null, "≤ 6", statements <= 6);
    return rows;
  } finally {
    for (const child of children) await stopChild(child);
    await seedClient.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows as a plain-text table. */
export function formatRows(rows: BenchRow[]): string {
  const fmt = (n: number | null) => (n === null ? "—" : Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 3 : 1));
  const width = Math.max(...rows.map((r) => r.figure.length));
  return rows
    .map(
      (r) =>
        `${r.figure.padEnd(width)}  ${fmt(r.value).padStart(9)}  baseline ${fmt(r.baseline).padStart(9)}  ratio ${fmt(r.ratio).padStart(7)}  goal ${r.goal.padEnd(20)} ${r.met ? "met" : "NOT MET"}`,
    )
    .join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    process.stderr.write("Set TEST_DATABASE_URL (a PostgreSQL server): the benchmark runs two server processes on one database.\n");
    process.exit(2);
  }
  const portBase = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined;
  const rows = await measureChatLoad({
    databaseUrl,
    quick: process.argv.includes("--quick"),
    ...(portBase !== undefined && { portBase }),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatRows(rows)}\n`);
  process.exit(rows.every((r) => r.met) ? 0 : 1);
}
