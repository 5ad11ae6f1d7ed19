// Cross-process chat delivery: two servers on one PostgreSQL database, a message POSTed through A, timed until
// `chat:message` reaches a socket connected to B (through the Postgres adapter's NOTIFY). Baseline in the same
// run: the same POST with the socket on A (the in-process path). 100 messages each, one at a time, after a
// warm-up. Run with `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chat-latency.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import { createFreelancerProfile, createLogger, createServices, createUser, loadConfig, migrateLatest } from "@forgehire/services";
import { startServer } from "@forgehire/server";

const base = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
if (!base) {
  process.stderr.write("Set TEST_DATABASE_URL (a PostgreSQL server): PGlite cannot be shared by two processes.\n");
  process.exit(2);
}
const urlFor = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const name = `forgehire_bench_${randomBytes(4).toString("hex")}`;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: urlFor("postgres") });
  await client.connect();
  await client.query(sql);
  await client.end();
};
await admin(`CREATE DATABASE ${name}`);

const dirs: string[] = [];
async function start() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-bench-"));
  dirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: urlFor(name),
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "100000",
    PUBLIC_URL: "http://127.0.0.1",
  });
  const services = await createServices(config, createLogger("silent"));
  // Migrations run before serving, as in production (the session store checks its table at start).
  if (dirs.length === 1) await migrateLatest(services.db);
  return { services, server: await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 }) };
}

const a = await start();
const b = await start();

const client = await createUser(a.services, { email: "c@bench.test", password: "bench-pass", firstName: "C", lastName: "Lient", userType: "client" });
const freelancer = await createUser(a.services, {
  email: "f@bench.test",
  password: "bench-pass",
  firstName: "F",
  lastName: "Reelancer",
  userType: "freelancer",
});
const profile = await createFreelancerProfile(
  a.services,
  { id: freelancer.id, userType: "freelancer", roleType: freelancer.roleType },
  {
    title: "Bench",
    bio: "Bench",
    hourlyRate: 1,
    skills: ["OpenAI GPT"],
    domains: ["Mobile Apps"],
  },
);

const cookieFor = async (url: string, email: string) =>
  (
    await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "bench-pass" }),
    })
  ).headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const clientCookie = await cookieFor(a.server.url, client.email);
const freelancerCookie = await cookieFor(a.server.url, freelancer.email);
const room = (await (
  await fetch(`${a.server.url}/api/chat/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: clientCookie },
    body: JSON.stringify({ freelancerId: profile.freelancer.id }),
  })
).json()) as { roomId: string };

async function socketOn(url: string): Promise<Socket> {
  const socket = connect(url, { transports: ["websocket"], extraHeaders: { cookie: freelancerCookie }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", resolve);
    socket.on("connect_error", reject);
  });
  await socket.emitWithAck("join", { roomId: room.roomId });
  return socket;
}

async function measure(socket: Socket, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const content = `${randomBytes(6).toString("hex")}`;
    const arrived = new Promise<number>((resolve) => {
      const handler = (message: { content: string }) => {
        if (message.content !== content) return;
        socket.off("chat:message", handler);
        resolve(performance.now());
      };
      socket.on("chat:message", handler);
    });
    const sent = performance.now();
    const res = await fetch(`${a.server.url}/api/chat/rooms/${room.roomId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: clientCookie },
      body: JSON.stringify({ content }),
    });
    if (res.status !== 201) throw new Error(`POST answered ${res.status}`);
    times.push((await arrived) - sent);
  }
  return times.sort((x, y) => x - y);
}

const stats = (times: number[]) => ({ median: (times[49]! + times[50]!) / 2, p95: times[94]!, worst: times[99]! });
const same = await socketOn(a.server.url);
const cross = await socketOn(b.server.url);
await measure(same, 10);
await measure(cross, 10);
const baseline = stats(await measure(same, 100));
const crossProcess = stats(await measure(cross, 100));
same.disconnect();
cross.disconnect();

const row = (label: string, s: ReturnType<typeof stats>) =>
  `${label.padEnd(44)} median ${s.median.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms   worst ${s.worst.toFixed(1).padStart(6)} ms\n`;
process.stdout.write(row("POST via A → socket on A (baseline)", baseline));
process.stdout.write(row("POST via A → socket on B (Postgres adapter)", crossProcess));
process.stdout.write(`cross-process overhead at the median: ${(crossProcess.median - baseline.median).toFixed(1)} ms\n`);

await a.server.stop();
await b.server.stop();
for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
