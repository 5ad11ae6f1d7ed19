/**
 * Property-based test of every route the Express app serves: random and malformed bodies and query strings, real
 * and bogus path parameters, as the owner, an admin, a freelancer and signed out. Whatever is sent, the answer is
 * never a 5xx, a 4xx is in the API's error shape, and a 4xx leaves the database as it was.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { recordReliability } from "@forgehire/services/testing";
import { dbFingerprint } from "../test/db-fingerprint.js";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../test/factories.js";
import { routeTable, type RouteEntry } from "../test/route-table.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * How many requests to send (about a minute on PGlite), and the time after which the run stops early on a slow or
 * busy machine. FUZZ_SEED replays a run; FUZZ_RUNS and FUZZ_BUDGET_MS extend it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 120_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

// Signing out would turn an actor into a visitor for the rest of the run; logout's only input is the session.
const skipped = new Set(["POST /api/auth/logout"]);

let server: TestServer;
let routes: RouteEntry[];
let actors: Record<"owner" | "admin" | "freelancer" | "visitor", BuiltUser["agent"]>;
/** Real ids by kind, to put in paths and bodies next to bogus ones. */
const ids = { job: [] as number[], uuid: [] as string[], room: [] as string[] };

beforeAll(async () => {
  server = await startTestServer();
  // Every route of the app, read from Express's own router so a new route is fuzzed without being listed here.
  routes = routeTable(server.app).filter((route) => route.method !== "ALL" && !skipped.has(`${route.method} ${route.path}`));

  const [owner, admin, freelancer] = await Promise.all([buildClient(server), buildAdmin(server), buildFreelancer(server)]);
  actors = { owner: owner.agent, admin: admin.agent, freelancer: freelancer.agent, visitor: server.agent() };
  const profile = await freelancer.agent
    .post("/api/freelancers")
    .send({ title: "Bot builder", bio: "Bots", hourlyRate: 40, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  const portfolio = await freelancer.agent.post("/api/freelancers/me/portfolios").send({ title: "A shop" }).expect(201);
  // One job in each main state: open with stories, locked, started; the fuzzer moves them further itself.
  const jobs = await Promise.all([buildJob(owner), buildJob(owner), buildJob(owner), buildJob(owner)]);
  const stories = [];
  for (const job of jobs.slice(0, 3)) stories.push(...(await owner.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201)).body.stories);
  await owner.agent.post(`/api/jobs/${jobs[1]!.id}/lock`).expect(200);
  await owner.agent.post(`/api/jobs/${jobs[2]!.id}/lock`).expect(200);
  await setJobState(server, jobs[2]!.id, { payment_status: "paid" });
  await freelancer.agent.post(`/api/jobs/${jobs[2]!.id}/start`).expect(200);
  const intent = await owner.agent.post(`/api/jobs/${jobs[1]!.id}/payment-intent`).expect(200);
  const room = await owner.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id, jobId: jobs[0]!.id }).expect(201);
  await owner.agent.post(`/api/chat/rooms/${room.body.roomId}/messages`).send({ content: "Hello" }).expect(201);

  ids.job.push(...jobs.map((job) => job.id));
  ids.uuid.push(
    profile.body.id,
    portfolio.body.id,
    intent.body.paymentId,
    owner.user.id,
    freelancer.user.id,
    ...stories.slice(0, 4).map((story: { id: string }) => story.id),
    ...stories.slice(0, 4).map((story: { tasks: Array<{ id: string }> }) => story.tasks[0]!.id),
  );
  ids.room.push(room.body.roomId);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const NUL = "\u0000";
const bogusIds = [
  "0",
  "-1",
  "1.5",
  "abc",
  "99999999999999999999",
  "2147483648",
  "1e3",
  "00000000-0000-0000-0000-000000000000",
  "%00",
  "%",
  "%E0%A4%A",
  "..%2F..",
  "x".repeat(500),
  " ",
];

/** Strings that have broken parsers and databases before. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    NUL,
    `a${NUL}b`,
    "\uD800",
    "\uFFFF",
    "'; drop table jobs; --",
    "%",
    "<script>",
    "../../etc/passwd",
    "x".repeat(25_000),
    "1e309",
    "NaN",
    "-0",
    "null",
    "[]",
    "{}",
  ),
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e20, 1e308, -1e308, 0.001, 99.999),
);
const realId = fc.oneof(
  fc.constant(null).chain(() => fc.constantFrom(...ids.job)),
  fc.constant(null).chain(() => fc.constantFrom(...ids.uuid)),
  fc.constant(null).chain(() => fc.constantFrom(...ids.room)),
);
const scalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null), realId);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, scalar, tie("array"), tie("object")),
  array: fc.array(tie("any"), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), tie("any"), { maxKeys: 4 }),
})).any;

/** The field names of the API's bodies and queries, so a random body often gets past the first check. */
const fieldNames = [
  "title",
  "description",
  "industry",
  "scope",
  "budget",
  "expectedDeliveryDate",
  "additionalServices",
  "targetAudience",
  "keyFeatures",
  "userCategories",
  "complianceTypes",
  "integrationSystems",
  "projectSpecificFields",
  "answers",
  "form",
  "priority",
  "status",
  "comment",
  "content",
  "storyId",
  "jobId",
  "freelancerId",
  "paymentId",
  "cardNumber",
  "expMonth",
  "expYear",
  "cvc",
  "email",
  "password",
  "currentPassword",
  "token",
  "firstName",
  "lastName",
  "userType",
  "hourlyRate",
  "skills",
  "domains",
  "languages",
  "bio",
  "imageUrl",
  "projectUrl",
  "meetLink",
  "subject",
  "message",
  "disabled",
  "isAdmin",
  "__proto__",
  "constructor",
];
/** Valid bodies of the API, so that a mutated one gets past the schema into the use case's own checks. */
const templates = (): Array<Record<string, unknown>> => [
  {
    title: "Shop",
    description: "A shop",
    industry: "Others",
    scope: 500,
    additionalServices: { hosting: true },
    answers: [{ questionId: "q1", question: "Q?", answer: "A" }],
  },
  { title: "Story", description: "As a user…", priority: "high", status: "todo" },
  { status: "done", comment: "Finished" },
  { description: "Add gift wrapping", storyId: ids.uuid[5] },
  { freelancerId: ids.uuid[0], jobId: ids.job[0] },
  { content: "Hello" },
  { jobId: ids.job[1], subject: "About your project", message: "Hi" },
  { title: "Bot builder", bio: "Bots", hourlyRate: 40, skills: ["OpenAI GPT"], domains: ["Mobile Apps"], languages: ["English"] },
  { title: "Card", description: "Work", imageUrl: "https://example.test/a.png", projectUrl: "https://example.test" },
  { paymentId: ids.uuid[2], cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
  { email: "someone@example.test", password: "secret-pass", firstName: "A", lastName: "B", userType: "client" },
  { currentPassword: "secret-pass", password: "new-secret" },
  { scope: 500, additionalServices: { deployment: true } },
  { form: { title: "Shop", scope: 500, industry: "Others" }, answers: [] },
  { meetLink: "https://meet.example.test/x" },
];
/** A valid body with one to three of its fields replaced, dropped or added. */
const mutatedBody = fc
  .tuple(fc.nat(), fc.array(fc.tuple(fc.constantFrom(...fieldNames, "title", "status", "jobId", "storyId"), fc.option(value)), { minLength: 1, maxLength: 3 }))
  .map(([index, changes]) => {
    const all = templates();
    const mutated: Record<string, unknown> = { ...all[index % all.length] };
    for (const [key, replacement] of changes) {
      if (replacement === null) delete mutated[key];
      else mutated[key] = replacement;
    }
    return mutated;
  });
const body = fc.oneof(
  { weight: 3, arbitrary: mutatedBody },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), scalar, { maxKeys: 10 }) },
  { weight: 1, arbitrary: value },
);
const rawBody = fc.constantFrom("{", '{"title":', "[1,2", "\u0000", "null", '"text"', "12", '{"a":1}garbage', "{}".repeat(3));

const queryNames = ["page", "perPage", "q", "filter", "range", "sort", "before", "after", "limit", "id", "view"];
const queryValue = fc.oneof(
  nastyString,
  nastyNumber.map(String),
  fc.constantFrom(
    "[0,24]",
    "[0,1e20]",
    "[-1,5]",
    '["title","ASC"]',
    '["nope","DESC"]',
    '{"q":"a"}',
    '{"id":[1,2]}',
    '{"view":"paid"}',
    '{"jobId":1e12}',
    "{",
    "%",
  ),
  value.map((v) => JSON.stringify(v) ?? ""),
);
const query = fc.array(fc.tuple(fc.constantFrom(...queryNames), queryValue), { maxLength: 4 });

interface HostileRequest {
  route: RouteEntry;
  actor: keyof typeof actors;
  params: string[];
  query: Array<[string, string]>;
  body: { kind: "json"; value: unknown } | { kind: "raw"; text: string } | { kind: "none" };
}

/** Percent-encodes text; a lone surrogate has no UTF-8 form, so it goes as the bytes of one, which is malformed too. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

const pathParam = fc.oneof(
  { weight: 3, arbitrary: realId.map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...bogusIds) },
  { weight: 1, arbitrary: nastyString.map((text) => encode(text) || "x") },
);

const hostileRequest = (): fc.Arbitrary<HostileRequest> =>
  fc.record({
    route: fc.constantFrom(...routes),
    actor: fc.constantFrom("owner", "admin", "freelancer", "visitor" as const),
    params: fc.array(pathParam, { minLength: 4, maxLength: 4 }),
    query,
    body: fc.oneof(
      { weight: 6, arbitrary: body.map((value) => ({ kind: "json" as const, value })) },
      { weight: 1, arbitrary: rawBody.map((text) => ({ kind: "raw" as const, text })) },
      { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
    ),
  });

/**
 * The request's URL: each `:param` replaced in order, then the query string. Each part is cut to 2,000 characters:
 * Node itself answers a request line over 16 KB with 431 before the app sees it, which tells nothing about the app.
 */
function urlOf(request: HostileRequest): string {
  let index = 0;
  const path = request.route.path.replace(/:(\w+)/g, () => request.params[index++ % request.params.length]!.slice(0, 2_000));
  const search = request.query.map(([key, val]) => `${encode(key)}=${encode(val).slice(0, 2_000)}`).join("&");
  return search ? `${path}?${search}` : path;
}

async function send(request: HostileRequest) {
  const agent = actors[request.actor];
  const method = request.route.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
  let test = agent[method](urlOf(request));
  if (request.body.kind === "json") test = test.set("Content-Type", "application/json").send(JSON.stringify(request.body.value) ?? "null");
  else if (request.body.kind === "raw") test = test.set("Content-Type", "application/json").send(request.body.text);
  return test;
}

it(
  "[input-5] no route answers random or malformed input with a 5xx, and a 4xx is in the error shape and changes nothing",
  async () => {
    expect(routes.length).toBeGreaterThan(50);
    const requests = fc.sample(hostileRequest(), { numRuns: RUNS, seed: SEED });
    const failures: string[] = [];
    let serverErrors = 0;
    let sent = 0;
    const deadline = Date.now() + BUDGET_MS;
    for (const request of requests) {
      if (Date.now() > deadline) break;
      sent++;
      // Work an accepted request left for after its answer (an email) settles first, so it is never blamed on this one;
      // and whatever a refused request left behind is settled before the second look, so it is always seen.
      await server.services.settle();
      const before = await dbFingerprint(server.services.db);
      const res = await send(request);
      const where = `${request.actor} ${request.route.method} ${urlOf(request).slice(0, 200)} ${JSON.stringify(request.body).slice(0, 300)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      if (res.status >= 500) {
        serverErrors++;
        failures.push(`5xx: ${where}`);
        continue;
      }
      if (res.status < 400) continue;
      const error = res.body?.error;
      if (!(typeof error?.code === "string" && typeof error.title === "string" && typeof error.message === "string")) failures.push(`shape: ${where}`);
      await server.services.settle();
      if ((await dbFingerprint(server.services.db)) !== before) failures.push(`changed: ${where}`);
    }
    recordReliability({ id: "input-5", metric: "hostile requests", value: sent, unit: "requests" });
    recordReliability({ id: "input-5", metric: "5xx answers", value: serverErrors, unit: "requests" });
    // Even a slow machine must have sent enough to visit every route several times.
    expect(sent).toBeGreaterThan(Math.min(RUNS, routes.length * 5));
    expect(failures, `seed ${SEED} (FUZZ_SEED=${SEED} replays it):\n${failures.slice(0, 20).join("\n")}`).toEqual([]);
  },
  BUDGET_MS + 120_000,
);
