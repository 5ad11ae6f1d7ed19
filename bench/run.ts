// `npm run bench`: the speed figures of issue 13, each against a baseline measured in the same run on the same
// machine, so that the machine's speed cancels out. It starts its own servers — the product on PostgreSQL and on
// PGlite (the compiled CLI, as in production), a bare node:http + pg server running the listing's former three
// statements, and a bare node:http server — loads them with autocannon, and prints one table to stdout and to
// bench/results/latest.md. Other bench modules (chat, portal) add their rows to the same table.
//
//   npm run bench               the full run (medians of 3 loads of 10 s): the goals are judged on this
//   npm run bench -- --quick    a short run that proves the suite works (CI)
//   npm run bench -- --quick --statements   only the statements per request
//   npm run bench -- --cpu-prof             also write CPU profiles of the product's servers under load
//   npm run bench -- --only pglite          only the PGlite rows and the PostgreSQL listing they are measured against
//
// Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) names
// the PostgreSQL server, where it creates and drops databases named BENCH_DB_PREFIX… (forgehire_bench_ by default);
// BENCH_PORT_BASE picks the ports (100 from there; free ports otherwise).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import {
  createFreelancerProfile,
  createLogger,
  createServices,
  createUser,
  loadConfig,
  migrateLatest,
  verifyPassword,
  type Services,
  type UserRecord,
} from "@forgehire/services";
import { startServer } from "@forgehire/server";
import { markdownTable, type BenchModule, type BenchRow } from "./rows.js";
import { measureChatLoad, type BenchRow as ChatBenchRow } from "./chat-load.js";

const quick = process.argv.includes("--quick");
// `--only pglite`: the PGlite rows and the PostgreSQL listing they are against, in about two minutes instead of ten.
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && only !== "pglite") throw new Error(`--only ${only}: only "pglite" is known`);
const onlyPGlite = only === "pglite";
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..");
const log = (line: string) => process.stderr.write(`${line}\n`);

const plan = quick
  ? { jobs: 2_000, bigJobs: 20_000, rounds: 1, seconds: 5, warmup: 1, startRounds: 1, loginSeconds: 3 }
  : { jobs: 10_000, bigJobs: 100_000, rounds: 3, seconds: 10, warmup: 3, startRounds: 3, loginSeconds: 10 };
const CONNECTIONS = 50;
const PASSWORD = "bench-password";
const SECRET = "bench-session-secret-bench-session-secret";

// ---- Ports, databases, processes ------------------------------------------------------------------------------------
let nextPort = Number(process.env.BENCH_PORT_BASE ?? 0);
async function freePort(): Promise<number> {
  if (nextPort) return nextPort++;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const prefix = process.env.BENCH_DB_PREFIX ?? "forgehire_bench_";
const urlFor = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const suffix = `${process.pid}_${Date.now().toString(36)}`;
const created: string[] = [];
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
async function createDatabase(label: string): Promise<string> {
  const name = `${prefix}${label}_${suffix}`;
  await admin(`CREATE DATABASE ${name}`);
  created.push(name);
  return urlFor(name);
}

const scratch = mkdtempSync(path.join(tmpdir(), "forgehire-bench-"));
const children = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  url: string;
  /** from spawn to the first 200 of /readyz */
  startMs: number;
}

/** Spawns a server and waits for its /readyz to answer 200. */
async function spawnServer(args: string[], env: Record<string, string>, port: number): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] });
  children.add(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${url}/readyz`);
      await response.arrayBuffer();
      if (response.status === 200) return { child, url, startMs: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 60_000) throw new Error(`${args.join(" ")} not ready after 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

/** Resident memory of a process, from /proc (Linux). */
function residentMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

// --cpu-prof: the product's servers write V8 CPU profiles (open them in Chrome's DevTools) to bench/results/profiles.
const profileArgs = process.argv.includes("--cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${path.join(here, "results", "profiles")}`] : [];
const productArgs = [...profileArgs, "bin/forgehire", "serve", "--no-demo", "--no-build", "--no-migrate"];
const productEnv = (extra: Record<string, string>) => ({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SESSION_SECRET: SECRET,
  AUTH_RATE_LIMIT: "100000000",
  // One signed-in user drives the whole load: the per-user limit would time the 429s.
  API_USER_RATE_LIMIT: "100000000",
  PUBLIC_URL: "http://127.0.0.1",
  ...extra,
});

// ---- Seed ---------------------------------------------------------------------------------------------------------
interface Seeded {
  client: UserRecord;
  freelancer: UserRecord;
  passwordHash: string;
}

/** Migrates, creates a client and a freelancer (with a profile), and `jobs` live jobs in one statement. */
async function seed(services: Services, jobs: number): Promise<Seeded> {
  await migrateLatest(services.db);
  const client = await createUser(services, { email: "client@bench.test", password: PASSWORD, firstName: "Bench", lastName: "Client", userType: "client" });
  const freelancer = await createUser(services, {
    email: "freelancer@bench.test",
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Freelancer",
    userType: "freelancer",
  });
  await createFreelancerProfile(
    services,
    { id: freelancer.id, userType: freelancer.userType, roleType: freelancer.roleType },
    {
      title: "Bench freelancer",
      bio: "Builds AI-assisted apps.",
      hourlyRate: 50,
      skills: ["OpenAI GPT"],
      domains: ["Mobile Apps"],
    },
  );
  await services.db.raw(
    `insert into jobs (title, description, industry, scope, budget, owner_id, created_at, updated_at)
     select 'Bench job ' || g, repeat('An application for a small business: accounts, an admin area, reports. ', 4),
            'Healthcare', 50, 50, ?, now() - g * interval '1 second', now() - g * interval '1 second'
     from generate_series(1, ?) as g`,
    [client.id, jobs],
  );
  await services.db.raw("analyze");
  const row = (await services.db("users").where({ id: client.id }).first("password_hash")) as { password_hash: string };
  return { client, freelancer, passwordHash: row.password_hash };
}

async function seedPostgres(label: string, jobs: number): Promise<{ url: string; seeded: Seeded }> {
  const url = await createDatabase(label);
  const dataDir = mkdtempSync(path.join(scratch, "seed-"));
  const services = await createServices(
    loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: "silent", SESSION_SECRET: SECRET }),
    createLogger("silent"),
  );
  try {
    return { url, seeded: await seed(services, jobs) };
  } finally {
    await services.close();
  }
}

async function seedPGlite(jobs: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(scratch, "pglite-"));
  const services = await createServices(
    loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", SESSION_SECRET: SECRET }),
    createLogger("silent"),
  );
  try {
    await seed(services, jobs);
  } finally {
    await services.close();
  }
  return dataDir;
}

// ---- Load ---------------------------------------------------------------------------------------------------------
interface Load {
  rps: number;
  p99: number;
  failed: number;
}

async function load(options: autocannon.Options): Promise<Load> {
  // A request slower than 30 s counts as failed (autocannon's default is 10 s).
  const result = await autocannon({ timeout: 30, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.timeouts + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A warm-up, then `plan.rounds` loads; the median requests/s and p99, and the failures of every round. */
async function measureLoad(label: string, options: autocannon.Options): Promise<Load> {
  await load({ ...options, duration: plan.warmup });
  const rounds: Load[] = [];
  for (let i = 0; i < plan.rounds; i++) rounds.push(await load({ ...options, duration: plan.seconds }));
  const result = {
    rps: median(rounds.map((r) => r.rps)),
    p99: median(rounds.map((r) => r.p99)),
    failed: rounds.reduce((sum, r) => sum + r.failed, 0),
  };
  log(`${label}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.failed} failed`);
  return result;
}

async function login(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://127.0.0.1" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`login as ${email} answered ${response.status}: ${body}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const listingOptions = (url: string, cookie?: string): autocannon.Options => ({
  url: `${url}/api/jobs`,
  connections: CONNECTIONS,
  ...(cookie && { headers: { cookie } }),
});

// ---- Statements per request ---------------------------------------------------------------------------------------
// Counted at the pg driver (every round trip any part of the server makes: knex, the session store, the socket
// adapter, a queue), in an in-process server on the 10,000-job database.
let statements = 0;
const clientQuery = pg.Client.prototype.query;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads; this only counts and forwards
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: any[]) {
  statements += 1;
  // BENCH_SQL=1 prints each statement (which ones a request makes).
  if (process.env.BENCH_SQL)
    log(
      `  sql: ${String((args[0] as { text?: string } | string | undefined) && typeof args[0] === "object" ? (args[0] as { text?: string }).text : args[0]).slice(0, 160)}`,
    );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwarded as received
  return (clientQuery as any).apply(this, args);
} as typeof clientQuery;

async function statementRows(url: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(scratch, "statements-"));
  const services = await createServices(
    loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      LOG_LEVEL: "silent",
      SESSION_SECRET: SECRET,
      AUTH_RATE_LIMIT: "100000",
      // The per-user limit shares its counts every tenth of the limit: that statement is no request's own.
      API_USER_RATE_LIMIT: "100000000",
      PUBLIC_URL: "http://127.0.0.1",
      // The queue's timed polls (every 2 s per queue by default) are no request's cost, yet one could land in a
      // request's window; a job a request queues still wakes its worker at once, and that fetch is counted.
      QUEUE_POLL_SECONDS: "60",
      QUEUE_MAINTENANCE_SECONDS: "3600",
    }),
    createLogger("silent"),
  );
  const server = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });
  try {
    const clientCookie = await login(server.url, "client@bench.test");
    const freelancerCookie = await login(server.url, "freelancer@bench.test");
    /** Runs one request and counts the statements it made until its answer, plus any made in the next 50 ms. */
    const count = async (method: string, pathname: string, cookie: string, body?: unknown, expected = [200, 201]) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = statements;
      const response = await fetch(`${server.url}${pathname}`, {
        method,
        headers: { cookie, origin: "http://127.0.0.1", ...(body !== undefined && { "content-type": "application/json" }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!expected.includes(response.status)) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { n: statements - before, json: JSON.parse(text || "null") as unknown };
    };
    const rows: BenchRow[] = [];
    const row = (figure: string, n: number, limit: number) => {
      log(`${figure}: ${n}`);
      rows.push({ figure, value: String(n), baseline: "", ratio: null, goal: `≤ ${limit}`, met: n <= limit });
    };

    const session = await count("GET", "/api/auth/me", clientCookie);
    let sessionWrites = 0;
    const countWrites = (query: { sql: string }) => {
      if (/^update "sessions"|^insert into "sessions"/i.test(query.sql)) sessionWrites += 1;
    };
    services.db.on("query", countWrites);
    for (let i = 0; i < 20; i++) await count("GET", "/api/auth/me", clientCookie);
    services.db.off("query", countWrites);
    row("Statements: session (GET /api/auth/me)", session.n, 1);
    row("Session row writes over 20 requests in a minute", sessionWrites, 1);

    const posted = (await count("POST", "/api/jobs", clientCookie, {
      title: "Statement count job",
      description: "A booking application for a clinic: patients, appointments, reminders and reports.",
      industry: "Healthcare",
      scope: 50,
      targetAudience: "Clinic staff and patients",
      keyFeatures: "Booking, reminders, reports, payments",
    })) as { json: { job: { id: number } } };
    const jobId = posted.json.job.id;
    const breakdown = (await count("POST", `/api/jobs/${jobId}/breakdown`, clientCookie)) as { n: number; json: { stories?: Array<{ tasks: unknown[] }> } };
    const stories = breakdown.json.stories ?? [];
    const tasks = stories.reduce((sum, story) => sum + story.tasks.length, 0);
    row(`Statements: breakdown (rules, ${stories.length} stories, ${tasks} tasks)`, breakdown.n, 10);
    row("Statements: job detail", (await count("GET", `/api/jobs/${jobId}`, clientCookie)).n, 4);
    const storiesBefore = await count("GET", `/api/jobs/${jobId}/stories`, clientCookie);
    for (let i = 0; i < 5; i++) await count("POST", `/api/jobs/${jobId}/stories`, clientCookie, { title: `Extra story ${i}`, description: "More." });
    const storiesAfter = await count("GET", `/api/jobs/${jobId}/stories`, clientCookie);
    row(`Statements: stories (${stories.length} stories)`, storiesBefore.n, 4);
    rows.push({
      figure: `Statements: stories (${stories.length + 5} stories), against ${stories.length}`,
      value: String(storiesAfter.n),
      baseline: String(storiesBefore.n),
      ratio: storiesAfter.n / storiesBefore.n,
      goal: "= 1 (constant)",
      met: storiesAfter.n === storiesBefore.n && storiesAfter.n <= 4,
    });
    row("Statements: job list", (await count("GET", "/api/jobs", clientCookie)).n, 4);
    const profile = (await count("GET", "/api/freelancers/me", freelancerCookie)) as { json: { id: string } };
    const room = (await count("POST", "/api/chat/rooms", clientCookie, { freelancerId: profile.json.id, jobId })) as { json: { roomId: string } };
    await count("POST", `/api/chat/rooms/${encodeURIComponent(room.json.roomId)}/messages`, clientCookie, { content: "First" });
    row("Statements: room list", (await count("GET", "/api/chat/rooms", clientCookie)).n, 4);
    row(
      "Statements: chat message",
      (await count("POST", `/api/chat/rooms/${encodeURIComponent(room.json.roomId)}/messages`, clientCookie, { content: "Hello" })).n,
      6,
    );
    row("Statements: lock", (await count("POST", `/api/jobs/${jobId}/lock`, clientCookie)).n, 6);
    return rows;
  } finally {
    await server.stop();
    await services.close();
  }
}

// ---- argon2id ceiling -------------------------------------------------------------------------------------------------
/** Verifications per second with 2 in flight, in this process while nothing else runs: what logins can reach. */
async function argonCeiling(hash: string, seconds: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      if (!(await verifyPassword(hash, PASSWORD))) throw new Error("the seeded hash does not verify");
      done += 1;
    }
  };
  const t0 = performance.now();
  await Promise.all([worker(), worker()]);
  return done / ((performance.now() - t0) / 1000);
}

// ---- The run ------------------------------------------------------------------------------------------------------
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratioRow = (figure: string, value: string, baseline: string, ratio: number, goal: string, met: boolean): BenchRow => ({
  figure,
  value,
  baseline,
  ratio,
  goal,
  met,
});

/** A row of the chat bench (numbers) in this table's shape (formatted text). */
function chatRow(row: ChatBenchRow): BenchRow {
  const text = (n: number) => (Number.isInteger(n) ? fmt(n) : fmt(n, n < 10 ? 3 : 1));
  return {
    figure: `Chat: ${row.figure}`,
    value: text(row.value),
    baseline: row.baseline === null ? "" : `${text(row.baseline)} (bare socket.io relay)`,
    ratio: row.ratio,
    goal: row.goal,
    met: row.met,
  };
}

async function optionalModule(file: string, exportName: string): Promise<BenchModule | undefined> {
  if (!existsSync(path.join(here, file))) return undefined;
  const module = (await import(`./${file.replace(/\.ts$/, ".js")}`)) as Record<string, unknown>;
  return module[exportName] as BenchModule | undefined;
}

/** The PGlite rows, each against the PostgreSQL-backed server's figure of the same run. */
function pgliteRows(tJobs: string, pgL: Load, liteL: Load, pgliteRss: number, postgresRss: number): BenchRow[] {
  return [
    ratioRow(
      `PGlite: job listing, ${tJobs} jobs, ${CONNECTIONS} connections: requests/s`,
      fmt(liteL.rps),
      `${fmt(pgL.rps)} (PostgreSQL)`,
      liteL.rps / pgL.rps,
      "≥ 0.5×",
      liteL.rps / pgL.rps >= 0.5,
    ),
    ratioRow(
      "PGlite: job listing p99 latency",
      `${fmt(liteL.p99)} ms`,
      `${fmt(pgL.p99)} ms (PostgreSQL)`,
      liteL.p99 / pgL.p99,
      "≤ 3×",
      liteL.p99 / pgL.p99 <= 3,
    ),
    { figure: "PGlite: failed requests", value: fmt(liteL.failed), baseline: "", ratio: null, goal: "0", met: liteL.failed === 0 },
    ratioRow(
      "PGlite: resident memory after the load",
      `${fmt(pgliteRss)} MiB`,
      `${fmt(postgresRss)} MiB (PostgreSQL)`,
      pgliteRss / postgresRss,
      "≤ 1.5×",
      pgliteRss / postgresRss <= 1.5,
    ),
  ];
}

/** Starts the product, measures its listing and its resident memory after the load, and stops it. */
async function measureProduct(label: string, env: Record<string, string>): Promise<{ listing: Load; rss: number }> {
  const server = await spawnServer(productArgs, env, await freePort());
  try {
    const listing = await measureLoad(
      `product listing, ${label}, ${fmt(plan.jobs)} jobs`,
      listingOptions(server.url, await login(server.url, "client@bench.test")),
    );
    return { listing, rss: residentMiB(server.child.pid!) };
  } finally {
    await stop(server.child);
  }
}

async function main(): Promise<BenchRow[]> {
  if (!process.argv.includes("--no-build")) {
    log("compiling the server (npm run build:server)...");
    const build = spawnSync("npm", ["run", "build:server"], { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("npm run build:server failed");
  }
  const rows: BenchRow[] = [];
  const tJobs = fmt(plan.jobs);
  const tBig = fmt(plan.bigJobs);

  if (onlyPGlite) {
    log(`seeding: PostgreSQL ${tJobs} jobs, PGlite ${tJobs} jobs...`);
    const small = await seedPostgres("small", plan.jobs);
    const pgliteDir = await seedPGlite(plan.jobs);
    const pg = await measureProduct("PostgreSQL", productEnv({ DATABASE_URL: small.url, DATA_DIR: mkdtempSync(path.join(scratch, "pg-")) }));
    const lite = await measureProduct("PGlite", productEnv({ DATA_DIR: pgliteDir }));
    return [
      {
        figure: `Job listing, PostgreSQL, ${tJobs} jobs, ${CONNECTIONS} connections: requests/s`,
        value: fmt(pg.listing.rps),
        baseline: "",
        ratio: null,
        goal: "(reported)",
        met: true,
      },
      { figure: "Job listing, PostgreSQL: p99 latency", value: `${fmt(pg.listing.p99)} ms`, baseline: "", ratio: null, goal: "(reported)", met: true },
      ...pgliteRows(tJobs, pg.listing, lite.listing, lite.rss, pg.rss),
    ];
  }

  log(`seeding: PostgreSQL ${tJobs} jobs, PostgreSQL ${tBig} jobs, PGlite ${tJobs} jobs...`);
  const small = await seedPostgres("small", plan.jobs);
  const big = await seedPostgres("big", plan.bigJobs);
  const pgliteDir = await seedPGlite(plan.jobs);

  // 2. Statements per request.
  const statementFigures = await statementRows(small.url);
  // --statements: only these (quick to run while changing the server).
  if (process.argv.includes("--statements")) return statementFigures;

  // 5. Start to /readyz, each on its existing database, and the bare baseline.
  const starts = { bare: [] as number[], postgres: [] as number[], pglite: [] as number[] };
  for (let i = 0; i < plan.startRounds; i++) {
    const bare = await spawnServer([path.join(here, "baselines", "bare-http.mjs")], {}, await freePort());
    starts.bare.push(bare.startMs);
    await stop(bare.child);
  }

  // 1. Listing: the bare baseline, the product at 10,000 and at 100,000 jobs (PostgreSQL).
  const bare = await spawnServer([path.join(here, "baselines", "bare-listing.mjs")], { DATABASE_URL: small.url }, await freePort());
  const bareListing = await measureLoad("bare node:http + pg listing", listingOptions(bare.url));
  await stop(bare.child);

  let postgresListing: Load | undefined;
  let postgresRss = NaN;
  let logins = NaN;
  for (let i = 0; i < plan.startRounds; i++) {
    const server = await spawnServer(productArgs, productEnv({ DATABASE_URL: small.url, DATA_DIR: mkdtempSync(path.join(scratch, "pg-")) }), await freePort());
    starts.postgres.push(server.startMs);
    if (i === 0) {
      const cookie = await login(server.url, "client@bench.test");
      postgresListing = await measureLoad(`product listing, PostgreSQL, ${tJobs} jobs`, listingOptions(server.url, cookie));
      postgresRss = residentMiB(server.child.pid!);
      // 6. Logins, 2 at a time.
      const loginLoad = await load({
        url: `${server.url}/api/auth/login`,
        method: "POST",
        connections: 2,
        duration: plan.loginSeconds,
        headers: { "content-type": "application/json", origin: "http://127.0.0.1" },
        body: JSON.stringify({ email: "client@bench.test", password: PASSWORD }),
      });
      if (loginLoad.failed) throw new Error(`${loginLoad.failed} logins failed`);
      logins = loginLoad.rps;
      log(`logins, 2 concurrent: ${logins.toFixed(1)}/s`);
    }
    await stop(server.child);
  }

  const bigServer = await spawnServer(productArgs, productEnv({ DATABASE_URL: big.url, DATA_DIR: mkdtempSync(path.join(scratch, "pg-")) }), await freePort());
  const bigListing = await measureLoad(
    `product listing, PostgreSQL, ${tBig} jobs`,
    listingOptions(bigServer.url, await login(bigServer.url, "client@bench.test")),
  );
  await stop(bigServer.child);

  // 4. PGlite.
  let pgliteListing: Load | undefined;
  let pgliteRss = NaN;
  for (let i = 0; i < plan.startRounds; i++) {
    const server = await spawnServer(productArgs, productEnv({ DATA_DIR: pgliteDir }), await freePort());
    starts.pglite.push(server.startMs);
    if (i === 0) {
      pgliteListing = await measureLoad(`product listing, PGlite, ${tJobs} jobs`, listingOptions(server.url, await login(server.url, "client@bench.test")));
      pgliteRss = residentMiB(server.child.pid!);
    }
    await stop(server.child);
  }

  const ceiling = await argonCeiling(small.seeded.passwordHash, plan.loginSeconds);
  const pgL = postgresListing!;
  const liteL = pgliteListing!;

  rows.push(
    ratioRow(
      `Job listing, PostgreSQL, ${tJobs} jobs, ${CONNECTIONS} connections: requests/s`,
      fmt(pgL.rps),
      `${fmt(bareListing.rps)} (bare node:http + pg, 3 statements)`,
      pgL.rps / bareListing.rps,
      "≥ 0.8×",
      pgL.rps / bareListing.rps >= 0.8,
    ),
    ratioRow(
      "Job listing, PostgreSQL: p99 latency",
      `${fmt(pgL.p99)} ms`,
      `${fmt(bareListing.p99)} ms`,
      pgL.p99 / bareListing.p99,
      "≤ 1.5×",
      pgL.p99 / bareListing.p99 <= 1.5,
    ),
    ratioRow(
      `Job listing page 1 at ${tBig} jobs: time per request against ${tJobs} jobs`,
      `${fmt(bigListing.rps)} req/s`,
      `${fmt(pgL.rps)} req/s`,
      pgL.rps / bigListing.rps,
      "≤ 1.2×",
      pgL.rps / bigListing.rps <= 1.2,
    ),
    {
      figure: "Job listing: failed requests (PostgreSQL)",
      value: fmt(pgL.failed + bigListing.failed),
      baseline: "",
      ratio: null,
      goal: "0",
      met: pgL.failed + bigListing.failed === 0,
    },
  );
  for (const figure of statementFigures) rows.push(figure);

  const chatPortBase = nextPort ? nextPort : undefined;
  if (nextPort) nextPort += 4;
  const chatRows = await measureChatLoad({ databaseUrl: baseUrl, quick, portBase: chatPortBase, log });
  rows.push(...chatRows.map(chatRow));

  rows.push(...pgliteRows(tJobs, pgL, liteL, pgliteRss, postgresRss));
  const bareStart = median(starts.bare);
  const pgStart = median(starts.postgres);
  const liteStart = median(starts.pglite);
  rows.push(
    ratioRow(
      "Start to /readyz, PostgreSQL (existing database)",
      `${fmt(pgStart)} ms`,
      `${fmt(bareStart)} ms (bare node:http)`,
      pgStart / bareStart,
      "≤ 10×",
      pgStart / bareStart <= 10,
    ),
    ratioRow(
      "Start to /readyz, PGlite (existing database)",
      `${fmt(liteStart)} ms`,
      `${fmt(bareStart)} ms (bare node:http)`,
      liteStart / bareStart,
      "≤ 20×",
      liteStart / bareStart <= 20,
    ),
  );
  const params = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(small.seeded.passwordHash);
  const memoryKiB = Number(params?.[1] ?? 0);
  const passes = Number(params?.[2] ?? 0);
  rows.push(
    ratioRow(
      "Logins, 2 concurrent: per second",
      fmt(logins, 1),
      `${fmt(ceiling, 1)} (argon2id ceiling, 2 at a time)`,
      logins / ceiling,
      "≥ 0.8×",
      logins / ceiling >= 0.8,
    ),
    {
      figure: "Password hash",
      value: params ? `argon2id, ${fmt(memoryKiB / 1024)} MiB, ${passes} passes` : (small.seeded.passwordHash.split("$")[1] ?? "?"),
      baseline: "OWASP: 19 MiB, 2 passes",
      ratio: null,
      goal: "argon2id, ≥ 19 MiB, ≥ 2",
      met: Boolean(params) && memoryKiB >= 19 * 1024 && passes >= 2,
    },
  );

  const portal = await optionalModule("portal.ts", "runPortalBench");
  if (portal) rows.push(...(await portal({ quick })));
  return rows;
}

async function cleanUp(): Promise<void> {
  for (const child of children) await stop(child);
  for (const name of created)
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) => log(`could not drop ${name}: ${String(error)}`));
  rmSync(scratch, { recursive: true, force: true });
}

// Interrupted (Ctrl-C, a CI timeout): stop the servers and drop the databases all the same.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  const started = performance.now();
  const rows = await main();
  const table = markdownTable(rows);
  const heading = `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC with \`npm run bench${quick ? " -- --quick" : ""}${onlyPGlite ? " -- --only pglite" : ""}\`, ${quick ? "quick run (one short load each: proves the suite works; goals are judged on the full run)" : `median of ${plan.rounds} loads of ${plan.seconds} s each`}, Node ${process.version}, ${(await import("node:os")).cpus().length} cores shared by the servers, PostgreSQL and the load generator; ${((performance.now() - started) / 1000).toFixed(0)} s.`;
  const missed = rows.filter((row) => !row.met);
  const report = `${heading}\n\n${table}\n\n${missed.length ? `Not met: ${missed.map((row) => row.figure).join("; ")}.` : "Every goal met."}\n`;
  process.stdout.write(`\n${report}`);
  mkdirSync(path.join(here, "results"), { recursive: true });
  writeFileSync(path.join(here, "results", onlyPGlite ? "pglite.md" : quick ? "quick.md" : "latest.md"), report);
} finally {
  await cleanUp();
}
