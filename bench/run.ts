// Benchmarks: each figure is a ratio against a baseline measured in the same process and run, so that the
// machine's speed cancels out. Run with `npm run bench`; `BENCH_EXPLAIN=1 npm run bench` also prints the query plans
// of the back office's with_communication list and of the unread count.
//
// The database is seeded first through the real use cases (accounts, jobs, rules-engine breakdowns, chat) with a
// realistic volume, so the list endpoints are measured on ~300 jobs and ~40 busy chat rooms rather than on an
// empty database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import {
  breakDownJob,
  createFreelancerProfile,
  createPGlite,
  createLogger,
  createServices,
  createUser,
  loadConfig,
  migrateLatest,
  openDatabase,
  postChatMessage,
  postJob,
  startChat,
  type UserRecord,
} from "@forgehire/services";
import { startServer } from "@forgehire/server";

interface Result {
  name: string;
  perSecond: number;
  p50: number;
  p95: number;
}

async function measure(name: string, iterations: number, run: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < Math.min(20, iterations); i++) await run();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return { name, perSecond: (iterations / elapsed) * 1000, p50: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

/** Runs `task` over `items`, `size` at a time (the database serialises anyway; this only overlaps the JS work). */
async function inBatches<T, R>(items: readonly T[], size: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => task(item, i + j)))));
  }
  return results;
}

// Heap figures are read after a full collection, so that they show what is retained rather than garbage not yet
// collected. `--expose-gc` is switched on at run time; a fresh context then sees the `gc` function.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const settledHeap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-bench-"));
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "100000" });
const pglite = createPGlite();
const database = await openDatabase({ pglite });
const services = await createServices(config, createLogger("silent"), database);
await migrateLatest(services.db);

// ---- Seed -------------------------------------------------------------------------------------------------------
const PASSWORD = "bench-pass";
const seedStarted = performance.now();
const heapBeforeSeed = settledHeap();

type NewJobInput = Parameters<typeof postJob>[2];
const actorOf = (user: UserRecord) => ({ id: user.id, userType: user.userType, roleType: user.roleType });

// Three clients post most of the jobs; every chat room is one client with one freelancer, so the freelancer with
// ~40 rooms needs ~40 clients: 37 more, each with one job. argon2id makes each account ~tens of ms.
const MAIN_CLIENTS = 3;
const CHAT_ROOMS = 40;
const JOBS = 300;
const BROKEN_DOWN = 50;
const MESSAGES_PER_ROOM = 20;
const SEARCH_WORD = "inventory";

await createUser(services, { email: "bench@example.test", password: PASSWORD, firstName: "B", lastName: "Ench", userType: "client" });
const admin = await createUser(services, { email: "admin@bench.test", password: PASSWORD, firstName: "A", lastName: "Dmin", userType: "admin" });
const clients = await inBatches(
  Array.from({ length: CHAT_ROOMS }, (_, i) => i),
  4,
  (i) => createUser(services, { email: `client${i}@bench.test`, password: PASSWORD, firstName: `Client${i}`, lastName: "Poster", userType: "client" }),
);
const freelancerUsers = await inBatches([0, 1], 2, (i) =>
  createUser(services, { email: `freelancer${i}@bench.test`, password: PASSWORD, firstName: `Free${i}`, lastName: "Lancer", userType: "freelancer" }),
);
const profiles = await inBatches(freelancerUsers, 2, (user, i) =>
  createFreelancerProfile(services, actorOf(user), {
    title: `Bench freelancer ${i}`,
    bio: "Builds AI-assisted apps.",
    hourlyRate: 40 + i * 10,
    skills: ["OpenAI GPT"],
    domains: ["Mobile Apps"],
  }),
);
const [busyFreelancer, otherFreelancer] = [freelancerUsers[0]!, freelancerUsers[1]!];

const titleWords = ["Booking", "Inventory", "Clinic", "Shop", "Portal", "Tracker", "Dashboard", "Marketplace", "Scheduler", "CRM"];
const industries = ["Healthcare", "Finance", "Education", "E-commerce & Retail", "Logistics & Transportation", "Others"] as const;
const scopes = [1, 50, 199, 500, 1999, 4999] as const;
// Jobs 0..36 belong to the chat clients 3..39 (one each), the rest to the three main clients in turn.
const ownerOfJob = (i: number) => (i < CHAT_ROOMS - MAIN_CLIENTS ? clients[MAIN_CLIENTS + i]! : clients[i % MAIN_CLIENTS]!);
const jobInput = (i: number): NewJobInput => {
  const word = titleWords[i % titleWords.length]!;
  return {
    title: `${word} app ${i}`,
    description: `A ${word.toLowerCase()} application for a small business: user accounts, an admin area, email notifications, reports and a mobile-friendly interface. Job number ${i}. `.repeat(
      3,
    ),
    industry: industries[i % industries.length]!,
    scope: scopes[i % scopes.length]!,
    targetAudience: "Small business owners and their customers",
    keyFeatures: "Sign-up, search, payments, notifications, reporting",
  };
};
const jobs = await inBatches(
  Array.from({ length: JOBS }, (_, i) => i),
  10,
  (i) => postJob(services, actorOf(ownerOfJob(i)), jobInput(i)),
);
const jobIds = jobs.map((details) => details.job.id);

// Rules-engine breakdowns on 50 of the main clients' jobs.
const brokenDown = jobIds.slice(CHAT_ROOMS - MAIN_CLIENTS, CHAT_ROOMS - MAIN_CLIENTS + BROKEN_DOWN);
await inBatches(brokenDown, 5, (jobId, i) => breakDownJob(services, services.engines.default, actorOf(ownerOfJob(CHAT_ROOMS - MAIN_CLIENTS + i)), jobId));

// Every client opens a room about one of its jobs with the busy freelancer (40 rooms); the three main clients also
// talk to the other freelancer. 20 messages each, alternating; in every other room the client speaks last, so the
// busy freelancer has unread rooms.
const firstJobOf = (client: UserRecord) => jobIds[jobs.findIndex((details) => details.job.ownerId === client.id)]!;
const rooms = [
  ...clients.map((client) => ({ client, freelancer: busyFreelancer, profile: profiles[0]! })),
  ...clients.slice(0, MAIN_CLIENTS).map((client) => ({ client, freelancer: otherFreelancer, profile: profiles[1]! })),
];
await inBatches(rooms, 8, async ({ client, freelancer, profile }, k) => {
  const { room } = await startChat(services, actorOf(client), { freelancerId: profile.freelancer.id, jobId: firstJobOf(client) });
  for (let i = 0; i < MESSAGES_PER_ROOM; i++) {
    const sender = (i + k) % 2 === 0 ? client : freelancer;
    await postChatMessage(services, actorOf(sender), room.roomId, { content: `Message ${i} in room ${k}: about the ${SEARCH_WORD} screens and the next milestone.` });
  }
});
await services.settle();
const seedSeconds = (performance.now() - seedStarted) / 1000;
const heapAfterSeed = settledHeap();
console.log(
  `seeded ${clients.length + 1} clients, 1 admin, ${freelancerUsers.length} freelancers, ${jobIds.length} jobs, ${brokenDown.length} breakdowns, ` +
    `${rooms.length} chat rooms × ${MESSAGES_PER_ROOM} messages in ${seedSeconds.toFixed(1)} s (heap growth ${((heapAfterSeed - heapBeforeSeed) / 1024 / 1024).toFixed(1)} MiB)`,
);

// ---- Serve and sign in --------------------------------------------------------------------------------------------
const server = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });

const login = (email = "bench@example.test") =>
  fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
const cookieFor = async (email: string) => {
  const response = await login(email);
  if (response.status !== 200) throw new Error(`login as ${email} answered ${response.status}: ${await response.text()}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
};
const cookie = await cookieFor("bench@example.test");
const clientCookie = await cookieFor(clients[0]!.email);
const adminCookie = await cookieFor(admin.email);
const freelancerCookie = await cookieFor(busyFreelancer.email);

/** GETs a path and throws unless the status is the expected one, so a broken route is never timed as fast. */
async function fetchChecked(pathname: string, withCookie: string | undefined, expected = 200): Promise<Response> {
  const response = await fetch(`${server.url}${pathname}`, withCookie ? { headers: { cookie: withCookie } } : {});
  if (response.status !== expected) {
    throw new Error(`GET ${pathname} answered ${response.status}, expected ${expected}: ${(await response.text()).slice(0, 300)}`);
  }
  return response;
}
const get = async (pathname: string, withCookie: string | undefined, expected = 200) => (await fetchChecked(pathname, withCookie, expected)).text();
/** The total of a back-office list, from its `Content-Range: jobs 0-24/40`. */
const adminTotal = async (pathname: string, withCookie: string) => {
  const response = await fetchChecked(pathname, withCookie);
  await response.text();
  return Number(response.headers.get("content-range")?.split("/")[1] ?? 0);
};

const storiesJobId = brokenDown.find((id) => jobs.find((details) => details.job.id === id)!.job.ownerId === clients[0]!.id)!;
const paths = {
  jobs: "/api/jobs",
  jobsSearch: `/api/jobs?q=${SEARCH_WORD}`,
  myJobs: "/api/jobs/mine",
  adminCommunication: `/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ view: "with_communication" }))}`,
  adminBudget: `/api/admin/jobs?sort=${encodeURIComponent(JSON.stringify(["budget", "DESC"]))}`,
  rooms: "/api/chat/rooms",
  unread: "/api/chat/unread",
  stories: `/api/jobs/${storiesJobId}/stories`,
};

// Check once that the data is really there, so that an empty answer is not measured as a fast one.
const sanity = {
  jobs: (JSON.parse(await get(paths.jobs, clientCookie)) as { total: number }).total,
  search: (JSON.parse(await get(paths.jobsSearch, clientCookie)) as { total: number }).total,
  mine: (JSON.parse(await get(paths.myJobs, clientCookie)) as { total: number }).total,
  communication: await adminTotal(paths.adminCommunication, adminCookie),
  byBudget: await adminTotal(paths.adminBudget, adminCookie),
  rooms: (JSON.parse(await get(paths.rooms, freelancerCookie)) as unknown[]).length,
  unread: (JSON.parse(await get(paths.unread, freelancerCookie)) as { rooms: number }).rooms,
  stories: (JSON.parse(await get(paths.stories, clientCookie)) as unknown[]).length,
};
console.log(`checked: ${JSON.stringify(sanity)}`);
if (Object.values(sanity).some((n) => n === 0)) throw new Error("the seed left a measured list empty");

// ---- Measure ------------------------------------------------------------------------------------------------------
const heapBefore = settledHeap();
const baseline = await measure("GET /healthz (baseline: no session, no database)", 500, () => get("/healthz", undefined));
const results = [
  await measure("GET /api/auth/me (session + user from the database)", 500, () => get("/api/auth/me", cookie)),
  await measure("GET /api/admin/users as non-admin (403 path)", 500, () => get("/api/admin/users", cookie, 403)),
  await measure("POST /api/auth/login (argon2id verify + session rotation)", 20, () =>
    login().then(async (r) => {
      if (r.status !== 200) throw new Error(`login answered ${r.status}`);
      return r.text();
    }),
  ),
  await measure(`GET /api/jobs (first page of ${sanity.jobs})`, 200, () => get(paths.jobs, clientCookie)),
  await measure(`GET /api/jobs?q=${SEARCH_WORD} (${sanity.search} hits)`, 200, () => get(paths.jobsSearch, clientCookie)),
  await measure(`GET /api/jobs/mine (client, ${sanity.mine} jobs)`, 200, () => get(paths.myJobs, clientCookie)),
  await measure(`GET /api/admin/jobs view with_communication (${sanity.communication})`, 200, () => get(paths.adminCommunication, adminCookie)),
  await measure('GET /api/admin/jobs sort ["budget","DESC"]', 200, () => get(paths.adminBudget, adminCookie)),
  await measure(`GET /api/chat/rooms (freelancer, ${sanity.rooms} rooms)`, 200, () => get(paths.rooms, freelancerCookie)),
  await measure(`GET /api/chat/unread (freelancer, ${sanity.unread} unread)`, 200, () => get(paths.unread, freelancerCookie)),
  await measure(`GET /api/jobs/:id/stories (${sanity.stories} stories)`, 200, () => get(paths.stories, clientCookie)),
];
const heapAfter = settledHeap();

console.log(`\n${"benchmark".padEnd(62)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"× baseline time".padStart(16)}`);
for (const r of [baseline, ...results]) {
  const ratio = baseline.perSecond / r.perSecond;
  console.log(`${r.name.padEnd(62)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)} ${ratio.toFixed(2).padStart(16)}`);
}
console.log(`\nheap growth over the run: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB`);

// ---- Query plans (optional) ---------------------------------------------------------------------------------------
if (process.env.BENCH_EXPLAIN) {
  /** The SQL statements one request runs, captured from knex. */
  const captureQueries = async (pathname: string, withCookie: string) => {
    const seen: Array<{ sql: string; bindings: unknown[] }> = [];
    const listener = (query: { sql: string; bindings?: unknown[] }) => seen.push({ sql: query.sql, bindings: query.bindings ?? [] });
    services.db.on("query", listener);
    await get(pathname, withCookie);
    services.db.off("query", listener);
    return seen;
  };
  const explain = async (title: string, pathname: string, withCookie: string, pick: (sql: string) => boolean) => {
    for (const query of (await captureQueries(pathname, withCookie)).filter((q) => pick(q.sql))) {
      // knex reports the statement with `?` placeholders; PGlite takes PostgreSQL's $n.
      let n = 0;
      const sql = query.sql.replace(/\?/g, () => `$${++n}`);
      const plan = await pglite.query<{ "QUERY PLAN": string }>(`explain analyze ${sql}`, query.bindings);
      console.log(`\n-- ${title}\n${query.sql}\n${plan.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    }
  };
  await explain("admin jobs, view with_communication", paths.adminCommunication, adminCookie, (sql) => sql.includes("from \"jobs\""));
  await explain("jobs search", paths.jobsSearch, clientCookie, (sql) => sql.includes("from \"jobs\""));
  await explain("unread room count", paths.unread, freelancerCookie, (sql) => sql.includes("chat_rooms"));
}

await server.stop();
rmSync(dataDir, { recursive: true, force: true });
