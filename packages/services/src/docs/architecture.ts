import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// docs/architecture.md is generated from the code (npm run docs:architecture) and a test holds the two together, so
// the picture a newcomer reads first is the house as it stands. What cannot be read from the code (what a folder is
// for, the steps of a request) is written here beside the facts it is checked against: a folder nobody described, a
// middleware nobody explained or a step naming a function that is gone fails the test.

/** A workspace of the product, and the workspaces it may import: the layers, from the bottom up. */
const layers = [
  { name: "@forgehire/core", dir: "packages/core", may: [], role: "rules, schemas, lifecycle, ledger arithmetic: pure, no I/O" },
  {
    name: "@forgehire/realtime-client",
    dir: "packages/realtime-client",
    may: ["core"],
    role: "the browser's socket.io client, shared by portal and back office",
  },
  {
    name: "@forgehire/services",
    dir: "packages/services",
    may: ["core"],
    role: "use cases, repositories, adapters (database, queue, mail, payments, AI, storage)",
  },
  { name: "@forgehire/server", dir: "packages/server", may: ["core", "services"], role: "HTTP and socket.io: parse, call a use case, present" },
  {
    name: "@forgehire/cli",
    dir: "packages/cli",
    may: ["core", "services", "server"],
    role: "the operator's face: commander commands over the same use cases; `serve` starts the server",
  },
  { name: "portal", dir: "portal", may: ["core", "realtime-client"], role: "the clients' and freelancers' React app (TanStack Query over the API)" },
  { name: "admin", dir: "admin", may: ["core", "realtime-client"], role: "the react-admin back office (ra-data-simple-rest over /api/admin)" },
] as const;

/** What each top folder of the three inner packages is for. */
const folders: Record<string, string> = {
  "packages/core/src/admin": "the back office's calendar weeks for its charts",
  "packages/core/src/audit": "the audited admin and operator actions (one table) and whose changes are audited, through which face",
  "packages/core/src/breakdown": "the rules engine, the AI prompt and parser, breakdown quality",
  "packages/core/src/catalog": "scopes, extras, project types: what the wizard offers and what it costs",
  "packages/core/src/chat": "room ids, message merging, unread counts, relative times",
  "packages/core/src/billing": "receipts' and credit notes' numbers and facts, freelancers' monthly statements",
  "packages/core/src/earnings": "a freelancer's earnings from ledger balances",
  "packages/core/src/ledger": "accounts, transaction shapes, the fee rule and the money invariants",
  "packages/core/src/lifecycle": "the declared job and story lifecycles (docs/lifecycle.md is generated from them)",
  "packages/core/src/navigation": "safe return paths after login",
  "packages/core/src/notifications":
    "the notification types (who is told, their words, their page, their e-mail switch) and which e-mails a user has chosen to get",
  "packages/core/src/payments": "payment states and outcomes",
  "packages/core/src/payouts": "who may be paid out, how much each release owes, the transfer keys",
  "packages/core/src/reviews": "the review rules: who reviews whom, when, the 48-hour edit, publication, replies and hiding",
  "packages/core/src/policies": "who may do what (`can`/`why`), one table per resource",
  "packages/core/src/pricing": "prices, quotes, delivery dates and milestone amounts",
  "packages/core/src/schemas": "zod schemas: every request body and response the faces share",
  "packages/core/src/wizard": "the four-step wizard's questions and analysis",
  "packages/services/src/adapters": "the outside world behind interfaces, each with an embedded default (test payments, PGlite, local files, mail catcher)",
  "packages/services/src/auth": "password hashing (argon2)",
  "packages/services/src/db": "opening PGlite or PostgreSQL, migrations, the data dir's lock and modes",
  "packages/services/src/docs": "generated documents and the tests that keep them true",
  "packages/services/src/queue": "pg-boss queues and their workers (breakdowns, mail, auto-approval)",
  "packages/services/src/repositories":
    "SQL through knex, one module per table family; no rules. The faces get their types only (the package entry); seeds and tests import them from `@forgehire/services/repositories`",
  "packages/services/src/testing": "test databases, the mail catcher, reliability records (tests only)",
  "packages/services/src/use-cases": "one function per thing a user or the system does; each checks its own actor",
  "packages/server/src/middlewares": "sessions, CSRF, rate limits, body caps, validation, the error shape",
  "packages/server/src/presenters": "records to the API's JSON",
  "packages/server/src/realtime": "socket.io: rooms, join limits, the PostgreSQL adapter across processes",
  "packages/server/src/routes": "express routers by resource: parse, call a use case, present",
  "packages/server/src/test": "test servers, factories and local fakes (Stripe, OpenAI, S3)",
  "packages/cli/src/actions": "what each command does, through the use cases",
  "packages/cli/src/commands": "the commander declarations: names, options, help",
  "packages/cli/src/views": "ink tables and readable reasons",
};

/** Why each middleware and router of app.ts sits where it does, by the name app.ts mounts. */
const mounts: Record<string, string> = {
  pinoHttp: "request id (X-Request-Id) and a structured access log",
  helmet: "security headers and the content security policy",
  healthRouter: "/healthz and /readyz, before sessions so probes cost nothing",
  stripeWebhookRouter: "Stripe's signed webhook on the raw body, without a session",
  sessionStack: "express-session in PostgreSQL/PGlite, passport",
  apiUserRateLimit: "a signed-in user's request budget (rate-limiter-flexible)",
  csrfProtection: "refuses cross-site writes (Origin against PUBLIC_URL)",
  jsonBody: "JSON bodies capped in bytes, values and depth before JSON.parse",
  refuseNulInput: "NUL bytes refused anywhere in the input",
  authRouter: "signup, login, logout, password reset, profile",
  catalogRouter: "the wizard's catalogue and AI enhancement",
  jobsRouter: "jobs: post, list, read, edit, files",
  breakdownRouter: "stories, tasks, breakdown runs, versions, change requests, task threads",
  deliveryRouter: "story delivery: submit, approve, request changes, disputes",
  earningsRouter: "a freelancer's earnings and their CSV",
  paymentsRouter: "payment intents, the test provider's confirm, payment records, money",
  billingRouter: "receipts, credit notes, the client's billing documents and details, freelancers' statements",
  payoutsRouter: "a freelancer's payout onboarding and transfers, and the test provider's onboarding page",
  freelancersRouter: "profiles, portfolios, documents, the directory",
  reviewsRouter: "reviews of a completed job: write, edit, reply, the job's Review card",
  chatRouter: "chat rooms and messages",
  notificationsRouter: "the notification centre: the user's own notifications, unread count, mark read",
  adminRouter: "the back office's resources (admins only, and each use case checks again)",
  apiNotFound: "the API's 404 in the error shape",
  api: "everything above under /api",
  filesRouter: "private files, each read checked against its owner",
  staticApps: "the built portal and back office, with boot data",
  errorHandler: "domain errors to the error shape; anything else a logged 500",
};

/** The life of one request, step by step, each step naming the code that does it. */
const approveWalk: Array<{ step: string; file: string; symbol: string }> = [
  { step: "The middlewares above run in order; the session names the user.", file: "packages/server/src/app.ts", symbol: "createApp" },
  {
    step: "The delivery router matches the path and parses `:id` with a core schema.",
    file: "packages/server/src/routes/delivery/router.ts",
    symbol: "deliveryRouter",
  },
  { step: "Bad input becomes a 400 in the error shape before any use case runs.", file: "packages/server/src/middlewares/validate.ts", symbol: "parse" },
  {
    step: "The use case opens one database transaction and locks the story's job.",
    file: "packages/services/src/use-cases/delivery/deliver-story.ts",
    symbol: "approveStory",
  },
  {
    step: "Core's declared lifecycle decides: this actor, this state, this transition (or a refusal with its reason).",
    file: "packages/core/src/lifecycle/delivery.ts",
    symbol: "decideDelivery",
  },
  {
    step: "The release is posted in the same transaction: escrow to the freelancer, the fee to the platform.",
    file: "packages/services/src/use-cases/ledger/post-ledger.ts",
    symbol: "postRelease",
  },
  { step: "Core computes gross, fee and net (the one fee rule).", file: "packages/core/src/ledger/transactions.ts", symbol: "releaseAmounts" },
  {
    step: "When it was the last story, the job completes, still in the same transaction.",
    file: "packages/services/src/use-cases/delivery/deliver-story.ts",
    symbol: "completeIfDelivered",
  },
  {
    step: "The route presents the story with its `can`/`why` and answers `{story, release}`.",
    file: "packages/server/src/presenters/present-story.ts",
    symbol: "presentStory",
  },
  {
    step: "A refusal thrown anywhere above becomes its status and code (409 NOT_IN_REVIEW, 403 APPROVE_DENIED).",
    file: "packages/server/src/middlewares/error-handler.ts",
    symbol: "errorHandler",
  },
];

const sourceFile = /\.(ts|tsx)$/;
const notSource = /(\.test\.tsx?|\.test-support\.ts|\.d\.ts)$/;
const notSourceDirs = new Set(["node_modules", "dist", "dist-types", "test", "testing"]);

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return notSourceDirs.has(entry) ? [] : sources(full);
    return sourceFile.test(entry) && !notSource.test(entry) ? [full] : [];
  });
}

/** The workspaces each layer's sources import (tests and test support aside). */
function importsOf(root: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const layer of layers) {
    const names = new Set<string>();
    for (const file of sources(path.join(root, layer.dir, "src"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/(?:\bfrom|\bimport\s*\(?)\s*"@forgehire\/([a-z-]+)/g)) names.add(match[1]!);
    }
    found.set(layer.name, names);
  }
  return found;
}

function subfolders(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  return readdirSync(full)
    .filter((entry) => statSync(path.join(full, entry)).isDirectory())
    .sort()
    .map((entry) => `${dir}/${entry}`);
}

/** The names app.ts mounts, in order: `app.use(x(…))`, `api.use("/admin", y(…))`, `app.use([…], ...z)`. */
function mountsOf(root: string): string[] {
  const app = readFileSync(path.join(root, "packages/server/src/app.ts"), "utf8");
  const mounted = /\b(?:app|api)\.use\(\s*(?:\[[^\]]*\]\s*,\s*|"[^"]*"\s*,\s*)?(?:\.\.\.)?([A-Za-z]\w*)/g;
  return [...app.matchAll(mounted)].map((match) => match[1]!);
}

const short = (name: string) => name.replace("@forgehire/", "");

/** What is wrong between the code and what this module says of it: empty when the two agree. */
export function architectureProblems(root: string): string[] {
  const problems: string[] = [];
  for (const [name, imported] of importsOf(root)) {
    const allowed = new Set<string>(layers.find((layer) => layer.name === name)!.may);
    for (const target of imported) if (!allowed.has(target)) problems.push(`${name} imports @forgehire/${target}, which is not a layer below it`);
  }
  const described = new Set(Object.keys(folders));
  for (const dir of ["packages/core/src", "packages/services/src", "packages/server/src", "packages/cli/src"]) {
    for (const folder of subfolders(root, dir)) {
      if (!described.delete(folder)) problems.push(`${folder} is not described in packages/services/src/docs/architecture.ts`);
    }
  }
  for (const gone of described) problems.push(`${gone} is described but does not exist`);
  for (const name of mountsOf(root)) if (!(name in mounts)) problems.push(`app.ts mounts ${name}, which is not explained in architecture.ts`);
  for (const { file, symbol } of approveWalk) {
    const full = path.join(root, file);
    const declares = new RegExp(`\\b(?:function|const|class|interface|type)\\s+${symbol}\\b`);
    if (!existsSync(full)) problems.push(`the walk names ${file}, which does not exist`);
    else if (!declares.test(readFileSync(full, "utf8"))) problems.push(`the walk names ${symbol} in ${file}, which does not declare it`);
  }
  return problems;
}

/** docs/architecture.md as the code stands. */
export function architectureMarkdown(root: string): string {
  const imports = importsOf(root);
  const edges = layers.flatMap((layer) => [...(imports.get(layer.name) ?? [])].sort().map((target) => `  ${short(layer.name)} --> ${target}`));
  const folderRows = Object.keys(folders)
    .sort()
    .map((folder) => `| \`${folder}\` | ${folders[folder]} |`);
  const useCases = subfolders(root, "packages/services/src/use-cases").map((folder) => `\`${path.basename(folder)}\``);
  const routers = subfolders(root, "packages/server/src/routes").map((folder) => `\`${path.basename(folder)}\``);
  const mountRows = mountsOf(root).map((name, i) => `${i + 1}. \`${name}\`: ${mounts[name] ?? "(not explained)"}`);
  const walk = approveWalk.map(({ step, file, symbol }, i) => `${i + 1}. ${step} (\`${symbol}\` in \`${file}\`)`);
  return [
    "# Architecture",
    "",
    "<!-- Generated by `npm run docs:architecture` from the code and packages/services/src/docs/architecture.ts;",
    "     a test fails when this file and the code disagree. Edit the generator, not this file. -->",
    "",
    "One domain core, use cases shared by every face. A rule lives once, in `packages/core`; a use case in",
    "`packages/services` checks its own actor and does the I/O; the server, the CLI, the portal and the back office",
    "only call them. The lifecycles are in [lifecycle.md](lifecycle.md), the invariants and their tests in",
    "[reliability.md](reliability.md), the HTTP contract in [api.md](api.md).",
    "",
    "## Layers",
    "",
    "Arrows are the imports the sources make (tests aside), read from the code; an arrow to a layer that is not below",
    "fails the test.",
    "",
    "```mermaid",
    "flowchart BT",
    ...edges,
    "```",
    "",
    "| workspace | what it holds |",
    "|---|---|",
    ...layers.map((layer) => `| \`${layer.dir}\` (${short(layer.name)}) | ${layer.role} |`),
    "",
    "Beside them: `migrations/` and `seeds/` (knex, run by `forgehire db:migrate` and `db:seed`), `e2e/` (Playwright",
    "over Debian's Chromium), `bench/` (`npm run bench`), `bin/forgehire` (the CLI's entry).",
    "",
    "## Folders",
    "",
    "| folder | what it is for |",
    "|---|---|",
    ...folderRows,
    "",
    `Use cases, by domain: ${useCases.join(", ")}.`,
    "",
    `Routers, by resource: ${routers.join(", ")}.`,
    "",
    "## The life of a request",
    "",
    "What `packages/server/src/app.ts` mounts, in order:",
    "",
    ...mountRows,
    "",
    "`POST /api/stories/:id/approve`, from the socket to the answer:",
    "",
    ...walk,
    "",
    "The CLI's `forgehire stories:approve <id>` calls the same `approveStory` with the operator as its actor; the",
    "queue's auto-approval calls `autoApproveStory`, which fires the same declared transition as `system`.",
    "",
  ].join("\n");
}
