#!/usr/bin/env node
// Writes docs/reliability.md from what the suites reported, never by hand: vitest's JSON reports in TEST_REPORT_DIR
// (one per run: pglite, postgresql) give each invariant's tests and their outcome per database, and the figures the
// tests recorded with recordReliability() (reliability/*.ndjson) give hostile requests sent, 5xx seen, writes lost and
// time to recover. A test names its invariant by starting its title with the id in brackets: "[money-2] …".
// Exits 1 when an invariant has no passing test on a run or a figure breaks its goal, so CI can't go green on a gap.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const invariants = [
  ["money-1", "Money", "The amount charged is the job's price at the time of the charge; a price change cancels open attempts"],
  ["money-2", "Money", "A job is charged at most once; any other success is flagged for refund"],
  ["money-3", "Money", "A job with a payment in flight is frozen (unlock, edit, delete, breakdown → 409)"],
  ["money-4", "Money", "Concurrent confirmations and webhooks answer 200 or 409, never 5xx"],
  ["money-5", "Money", "The test provider checks cards as the card provider does (expiry, month)"],
  ["fault-1", "Faults", "Losing a database connection (the realtime LISTEN one included) never ends a server process"],
  ["fault-2", "Faults", "While PostgreSQL refuses connections: 503 DATABASE_UNAVAILABLE, process alive, recovers by itself"],
  ["fault-3", "Faults", "kill -9 under a write load loses no acknowledged write"],
  ["input-1", "Hostile input", "A NUL character anywhere in the input is a 400, nothing stored"],
  ["input-2", "Hostile input", "Malformed multipart and out-of-range numbers are a 400, not a 500"],
  ["input-3", "Hostile input", "Every id in a body names a live record the actor may use (404/403, never a 500)"],
  ["input-4", "Hostile input", "`can` and `why` match the server's answer for every actor in every job state"],
  ["input-5", "Hostile input", "Random and malformed requests to every route: never a 5xx, a 4xx changes nothing"],
  ["session-1", "Sessions", "A user's sockets end with the session that opened them"],
  ["session-2", "Sessions", "Login guessing is limited per account as well as per address"],
  ["session-3", "Sessions", "X-Forwarded-For is trusted only from configured proxies"],
  ["session-4", "Sessions", "Password recovery answers the same whether or not the account exists; mail is sent after"],
  ["session-5", "Sessions", "Reset links never reach logs or an operator while usable"],
  ["session-6", "Sessions", "Upload rights are checked before the body is read; non-ASCII file names are kept"],
  ["proof-1", "Tests that prove what they claim", "Realtime fan-out reaches a member who is not the recipient"],
  ["proof-2", "Tests that prove what they claim", "A replayed webhook is reported and changes nothing"],
  ["proof-3", "Tests that prove what they claim", "A failed Stripe step is undone on the same payment"],
  ["proof-4", "Tests that prove what they claim", "Graceful shutdown finishes a request that is provably in flight"],
  ["trust-1", "Trust II", "The embedded database is shared only over a unix socket in a private (0700) directory, never over TCP, whatever DATA_DIR's length"],
  [
    "trust-2",
    "Trust II",
    "DATA_DIR, the embedded database's files and uploads are private to their owner; a DATA_DIR open to group or others refuses to start",
  ],
  [
    "load-1",
    "Trust II",
    "A wide or deep JSON body costs about its parse: the NUL check is linear, bodies past what the schemas can need answer 413; /healthz waits at most 5× a quiet wait under four such bodies",
  ],
  [
    "load-2",
    "Trust II",
    "A join flood is limited per socket and per user (rate and in flight); the mean wait of /healthz and of other users' requests during it stays within 3× a quiet one",
  ],
  ["load-3", "Trust II", "The API has a per-user request limit besides the login, signup and recovery ones (429 in the error shape)"],
  ["rights-1", "Trust II", "A change of a user's type or role ends their sessions and sockets, as disabling does"],
  ["rights-2", "Trust II", "A disabled account is refused on every request from the session's own read, even a session stored while the disable ran"],
  ["rights-3", "Trust II", "A reset or a password change revokes every other outstanding reset link of that user"],
  [
    "rights-4",
    "Trust II",
    "A queued AI breakdown re-reads its requester when it stores: a disabled or no longer entitled requester's run fails, nothing stored",
  ],
  [
    "rights-5",
    "Trust II",
    "Every back-office use case checks its actor itself: with the router's admin guard removed, no non-admin reaches any /api/admin route",
  ],
  ["rights-6", "Trust II", "A task's comments reach exactly those who may read its thread, through every endpoint that carries them"],
  ["rights-7", "Trust II", "A socket's join authorises the user as they are now, not as they were when the socket connected"],
  ["mail-1", "Trust II", "Only a process that can send works the mail queue: a CLI or server without SMTP beside one with SMTP loses no mail"],
  [
    "mail-2",
    "Trust II",
    "Mail is sent in batches with bounded concurrency, resets, admin emails and receipts ahead of bulk notices; after an SMTP outage every queued mail is delivered",
  ],
  ["money-6", "Held funds", "Every ledger transaction's entries sum to zero in whole cents, and so does the whole ledger"],
  ["money-7", "Held funds", "A job's escrow (and refund_due, and a freelancer's available balance) is never negative"],
  ["money-8", "Held funds", "Released + refunded never exceed what was paid into a job's escrow"],
  ["money-9", "Held funds", "No story is released twice, whatever the retries and processes"],
  ["money-10", "Held funds", "A completed job holds nothing in escrow"],
  [
    "money-11",
    "Held funds",
    "Each charge is captured in the ledger once, in the transaction that records it (webhook and confirmation, twice, at once), and each refund once",
  ],
  ["money-12", "Held funds", "A job's money (sums and entries) is shown to its owner, its assigned freelancer and admins only"],
  ["money-13", "Held funds", "ledger:verify checks every invariant over the whole database: exit 0 when all hold, 12 naming each violation"],
  ["money-14", "Held funds", "A story's release takes PLATFORM_FEE_PERCENT to the cent, happens once, and never takes more than the escrow holds"],
  ["delivery-1", "Delivery", "Only the assigned freelancer submits a story, on a job in progress; it is in review until now + REVIEW_PERIOD"],
  ["delivery-2", "Delivery", "A story is submitted only when every one of its tasks is done (409 TASKS_NOT_DONE)"],
  ["delivery-3", "Delivery", "An approval releases the story's milestone: fee = PLATFORM_FEE_PERCENT rounded to the cent, fee + net = gross"],
  ["delivery-4", "Delivery", "Only the job's owner or an admin approves, only a story in review; a second approval is 409"],
  ["delivery-5", "Delivery", "Two approvals of one story at once: exactly one 200, the other 409, one approval recorded"],
  ["delivery-6", "Delivery", "A job completes exactly when its last story is approved; the freelancer no longer completes it by hand"],
  ["delivery-7", "Delivery", "Requested changes post their reason in the story's thread; the freelancer resubmits"],
  ["delivery-8", "Delivery", "Only the owner requests changes, with a reason (blank is 400 EMPTY_REASON), on a story in review"],
  ["delivery-9", "Delivery", "Beyond MAX_REVISIONS rounds of changes the answer is 409 REVISION_LIMIT, pointing to a dispute"],
  ["delivery-10", "Delivery", "The job's and each story's can/why for submit, approve, requestChanges, dispute are the lifecycle's decision"],
  ["delivery-11", "Delivery", "A story still in review at its deadline is approved by the system, once"],
  ["delivery-12", "Delivery", "A resubmission, approval or dispute makes an earlier auto-approval a no-op"],
  ["delivery-13", "Delivery", "docs/lifecycle.md is the file the lifecycle's declaration generates"],
  [
    "delivery-14",
    "Delivery",
    "An admin's completion by hand approves the remaining stories and releases their milestones through the ledger: nothing stays in escrow",
  ],
  [
    "delivery-16",
    "Delivery",
    "A submission's files (multipart, type and size checked) are listed on the story and readable by the job's owner, assigned freelancer and admins only",
  ],
  ["delivery-17", "Delivery", "The client is reminded once, REVIEW_REMINDER_BEFORE ahead of a story's review deadline, while it is still in review"],
  ["delivery-18", "Delivery", "An approval, a dispute or a resubmission makes an earlier review reminder a no-op"],
  [
    "earnings-1",
    "Earnings",
    "A freelancer's earnings follow the ledger: in review = the net of their stories in review (fee as the release rounds it), available and paid out = their account balances",
  ],
  ["earnings-2", "Earnings", "A freelancer's earnings hold only their own stories and balances, never another freelancer's"],
  ["earnings-3", "Earnings", "Only freelancers read earnings: clients and admins are refused 403, visitors 401, on the list and the export"],
  ["earnings-4", "Earnings", "The earnings list is paginated newest first with page, perPage and total; bad paging is 400"],
  ["earnings-5", "Earnings", "The earnings CSV holds every item in dollars with two decimals, a formula typed in a title arriving as text"],
  ["dispute-1", "Disputes", "The job's owner or assigned freelancer disputes a story, or every story not approved; the reason is posted in its thread"],
  [
    "dispute-2",
    "Disputes",
    "Others are refused 403, a blank reason 400 EMPTY_REASON, a second dispute of a story or a job without held money 409; nothing changes",
  ],
  ["dispute-3", "Disputes", "A disputed story cannot be approved, and its queued auto-approval is a no-op: its money stays held"],
  [
    "dispute-4",
    "Disputes",
    "A resolution whose release + refund is not exactly what is held for the disputed part is 400 RESOLUTION_MISMATCH and changes nothing",
  ],
  [
    "dispute-5",
    "Disputes",
    "A resolution releases (with PLATFORM_FEE_PERCENT) and refunds (through the provider, idempotently) exactly the held part, approves its stories by admin; the ledger verifies",
  ],
  ["dispute-6", "Disputes", "A dispute is resolved once: a second resolution is 409, two at once are one 200 and one 409, the money moved once"],
  ["dispute-7", "Disputes", "Resolving the last disputed stories completes the job with nothing left in escrow"],
  ["dispute-8", "Disputes", "The back office lists disputes (ra-data-simple-rest, Content-Range) and shows one, to admins only"],
  [
    "dispute-9",
    "Disputes",
    "disputes:list and disputes:resolve act as an admin through the same use cases: a split that does not add up exits 2, a resolution verifies",
  ],
  ["dispute-10", "Disputes", "A job's disputes, open and resolved with their outcome, are read by its owner, assigned freelancer and admins only"],
  [
    "cr-1",
    "Change requests",
    "A change on a paid job is quoted at the job's own rate: price × its estimate ÷ the job's estimated hours, half up to a whole cent",
  ],
  ["cr-2", "Change requests", "A change request on a paid job is quoted, not scope: no story is added, and a paid change never dilutes the next quote's rate"],
  [
    "cr-3",
    "Change requests",
    "A quote is paid like the job: its own payment captured into the job's escrow once, and only in that commit a story with the quote as its milestone",
  ],
  ["cr-4", "Change requests", "A declined quote adds nothing and cannot be paid; a capture arriving for it is refunded and the ledger verifies"],
  ["cr-5", "Change requests", "Only the job's owner or an admin pays or declines a quote; others are refused 403 and can/why say so"],
  ["cr-6", "Change requests", "A change requested before payment joins the job's own scope as before; a completed paid job takes no quote"],
  [
    "payout-1",
    "Payouts",
    "Only a freelancer sets up payouts, for their own connected account (one per freelancer): others 403, visitors 401, someone else's 404",
  ],
  [
    "payout-2",
    "Payouts",
    "A release of a freelancer who has not onboarded waits as available; completing onboarding transfers its net (gross less the fee), once",
  ],
  [
    "payout-3",
    "Payouts",
    "Once onboarded, each release is transferred by the queue: one payouts row, one transfer and one balanced payout transaction per release",
  ],
  [
    "payout-4",
    "Payouts",
    "The back office lists payouts (ra-data-simple-rest, Content-Range) with freelancer, job, amount, status and failure reason, to admins only",
  ],
  ["payout-5", "Payouts", "After payouts, reversals and refusals, ledger:verify finds every invariant holding"],
  [
    "payout-6",
    "Payouts",
    "Stripe onboarding: one Express account per freelancer, an account link with our URLs; a signed account.updated sets payoutsEnabled, once per event",
  ],
  [
    "payout-7",
    "Payouts",
    "A release becomes transfers.create to the freelancer's account with transfer_group job_<id>, source_transaction the job's charge and an idempotency key per release",
  ],
  ["payout-8", "Payouts", "Two processes paying the same freelancer at once make one transfer per release"],
  [
    "payout-9",
    "Payouts",
    "transfer.reversed and refused transfers are recorded (status, reason) for admins, and the money returns to available by one balanced transaction, once",
  ],
  ["payout-10", "Payouts", "The demo has a freelancer onboarded on the test provider with a paid payout; payouts:list shows it; the ledger verifies"],
  [
    "admin-money-1",
    "Back office money",
    "The deliveries resource follows ra-data-simple-rest (Content-Range, sort, range, filter by status and job), in review by due time soonest first; non-admins 403",
  ],
  [
    "admin-money-2",
    "Back office money",
    "A delivery's page carries its note, links, acceptance criteria and the admin's can/why from the lifecycle; the admin's approval releases it once",
  ],
  [
    "admin-money-3",
    "Back office money",
    "The ledger-transactions resource lists every transaction with entries summing to zero, filtered by job and kind; read only; non-admins 403",
  ],
  ["admin-money-4", "Back office money", "The dashboard's money held, in review and disputed are exact to the cent on a built scenario, one query each"],
  [
    "admin-money-5",
    "Back office money",
    "The disputes resource lists open disputes first with their job and held cents; a dispute's page carries its stories' deliveries and their thread",
  ],
  [
    "admin-money-6",
    "Back office money",
    "A signed Stripe charge.dispute.created freezes the job's stories not approved in one provider dispute, once per Stripe dispute id; an admin resolves it",
  ],
  ["admin-money-7", "Back office money", "The lifecycle lets the system (a card provider's chargeback) dispute under the same guards as the parties"],
  [
    "admin-money-8",
    "Back office money",
    "In the browser an admin approves a delivery, splits a dispute (dollars sent as exact cents, a mismatch shown), sees the ledger and the money counters",
  ],
  [
    "notify-1",
    "Notifications",
    "Each event writes its notification to its audience (never the actor) in its own transaction; a rolled-back event leaves none and announces nothing",
  ],
  ["notify-2", "Notifications", "GET /api/notifications is newest first by keyset, without gaps or repeats, filtered by unread and type; bad input is a 400"],
  ["notify-3", "Notifications", "POST /api/notifications/read marks the given ids or all; the unread count follows; a malformed body changes nothing"],
  ["notify-4", "Notifications", "Visitors are refused; clients, freelancers and admins list, count and mark only their own notifications"],
  ["notify-5", "Notifications", "notification:new reaches the recipient's sockets after the commit with the unread count, and nobody else's"],
  ["notify-6", "Notifications", "A notification written by one server process reaches the recipient's socket on another (PostgreSQL)"],
  ["notify-7", "Notifications", "A type's e-mail follows its switch (storyReviews, chatMessages); the in-app notification is written regardless"],
  ["reviews-1", "Reviews", "Both parties review a completed job; each review is hidden from the other party and the public until both are in"],
  ["reviews-2", "Reviews", "Only the job's client and assigned freelancer write reviews: other clients, freelancers and admins 403, signed out 401"],
  ["reviews-3", "Reviews", "A job not completed cannot be reviewed (409); one review per author per job, also under concurrent posts"],
  ["reviews-4", "Reviews", "Rating 1–5 whole stars and text 20–2,000 characters trimmed: 400 INVALID_RATING / INVALID_REVIEW_TEXT, nothing stored"],
  ["reviews-5", "Reviews", "Its author edits a review within 48 hours while unpublished; nobody else; never after"],
  ["reviews-6", "Reviews", "14 days after completion whatever was written is published (read at query time) and the window to write closes"],
  ["reviews-7", "Reviews", "The reviewed party posts one public reply to a published review; nobody else, not twice"],
  ["reviews-8", "Reviews", "An admin hides a review with a reason: gone from the profile and rating, kept for admins, audited; nobody deletes one"],
  ["reviews-9", "Reviews", "Directory items carry the rating; sort=rating orders best first then most reviewed; minRating filters; pages stay whole"],
  ["reviews-10", "Reviews", "A profile's published reviews are paginated newest first by cursor"],
  ["reviews-11", "Reviews", "The back office lists every review, hidden ones with their reason, with filters, to admins only"],
  ["reviews-12", "Reviews", "reviews:list and reviews:hide act as an admin through the same use cases"],
  [
    "receipts-1",
    "Receipts",
    "50 concurrent captures and one rolled back after drawing its number leave receipts numbered FH-YYYY-000001… without a gap, in issue order; the retried capture takes the next",
  ],
  [
    "receipts-2",
    "Receipts",
    "A receipt's PDF reads back its number, each story and amount, the total, the buyer's billing details, the configured seller and the card; immutable; e-mailed with the PDF attached",
  ],
  [
    "receipts-3",
    "Receipts",
    "Receipts and credit notes are the payer's and admins' only (others 403, visitors 401, unknown 404); a dispute's refund gets its credit note; the Billing list is one's own, paginated",
  ],
  [
    "receipts-4",
    "Receipts",
    "A charge that did not pay the job gets its receipt at capture and its credit note at refund, in the same series; a change request's paid quote gets its own receipt",
  ],
  [
    "receipts-5",
    "Receipts",
    "A freelancer's monthly statement (PDF and CSV) holds the month's releases (gross, fee, net) and payouts from the ledger; their own only",
  ],
  [
    "receipts-6",
    "Receipts",
    "The back office's Documents resource is read only (list, show, download; Content-Range, sort, filter); payments link their receipt; a charge captured before receipts gets one when asked",
  ],
  ["receipts-7", "Receipts", "forgehire payments:receipt writes the PDF (--out) and prints the issued facts (--json) through the API's use case and rules"],
  ["receipts-8", "Receipts", "The demo's captured payments each have their receipt, numbered FH-2026-000001… without a gap"],
  [
    "hub-1",
    "Communication Hub",
    "An admin reads a client–freelancer room but posting (or setting its meeting link) before joining is refused 403, nothing stored",
  ],
  [
    "hub-2",
    "Communication Hub",
    "Joining writes '<admin> joined the conversation' once even for concurrent joins; only then the admin posts, and both parties read it",
  ],
  ["hub-3", "Communication Hub", "An admin posts in their own admin–poster rooms (Contact Poster) without joining"],
  ["hub-4", "Communication Hub", "Each room in the hub carries the admin's unread count, 0 once read, up again on the next message from someone else"],
  ["hub-5", "Communication Hub", "The hub searches rooms by project title and either party's name and pages through every room beyond 100"],
  ["hub-6", "Communication Hub", "A new message in any room reaches every admin's socket without joining the room: the hub is live"],
  ["hub-7", "Communication Hub", "The join's message reaches both parties' sockets live"],
  ["export-1", "Exports", "A back-office export holds every matching row (1,500 jobs and more), streamed in batches, as many as the list counts"],
  ["export-2", "Exports", "Export cells that a spreadsheet would run as formulas are prefixed with ', without the can/why fields, under readable headers"],
  ["export-3", "Exports", "An export keeps its list's filter and sort; back-office lists serve pages of up to 1,000 rows"],
  ["export-4", "Exports", "Only admins export; a bad filter or sort is a 400, an unknown resource a 404; every list resource exports"],
  [
    "export-5",
    "Exports",
    "Needs attention counts failed e-mails, payments to refund, pending change requests, overdue reviews and open disputes, each equal to its linked list's total; admins only",
    "bulk-1",
    "Bulk work",
    "Bulk disable and enable of users runs the single edit per account (sessions end); the admin's own account is refused with the reason, the rest done",
  ],
  [
    "bulk-2",
    "Bulk work",
    "Bulk delete and restore of jobs per record under the portal's rules: a paid job is refused and stays; deleted jobs are listed and restored open, in their activity",
  ],
  ["bulk-3", "Bulk work", "Restore from a deleted job's button; a live job 409 JOB_NOT_DELETED, non-admins 403, a bad id 404"],
  ["bulk-4", "Bulk work", "Bulk resend of e-mails queues the failed ones again and refuses a sent one with the reason"],
  ["bulk-5", "Bulk work", "A bulk request with an unknown action or no ids is 400; a non-admin's 403"],
  [
    "bulk-6",
    "Bulk work",
    "Refund now from a payment's page (can/why from the server): one provider refund, one ledger refund, entries balanced; a second is 409",
  ],
  ["bulk-7", "Bulk work", "Two Refund now clicks at once: one 200 and one 409, one refund recorded, the ledger balanced"],
  ["bulk-8", "Bulk work", "A provider failure of a refund is 502 REFUND_FAILED and leaves it needs_refund; Retry refund (also in bulk) refunds it once"],
  ["bulk-9", "Bulk work", "The back office's lock, unlock and complete buttons use the portal's endpoints, shown from the job's can/why"],
  ["bulk-10", "Bulk work", "An admin cannot demote or disable themself in one Save (409 with the reason, nothing changed); another admin can"],
  [
    "bulk-11",
    "Bulk work",
    "forgehire payments:refund <id> [--json] refunds through the back office's use case; a payment not needing a refund exits non-zero with the reason",
  ],
  [
    "audit-1",
    "Audit trail",
    "Each audited admin change writes one audit entry with before and after in its own transaction; a refused or failing change writes none",
  ],
  [
    "audit-2",
    "Audit trail",
    "An entry names its face: back-office for the back office and an admin in the portal, cli for the CLI's operator; a client's own change is not audited",
  ],
  [
    "audit-3",
    "Audit trail",
    "The audit-log resource is admins' only (others 403, signed out 401), read-only (no write route; the table refuses update and delete), filtered and paginated",
  ],
  ["audit-4", "Audit trail", "forgehire audit:list lists the trail with its filters (--resource --record --actor --via) and --json"],
  ["house-1", "The house", "docs/architecture.md is the file the code generates: layers from the imports, folders, the request's life"],
  [
    "house-2",
    "The house",
    "Every layer imports only the layers below it; every folder and mounted middleware is described; the request's walk names code that exists",
  ],
  [
    "cli-1",
    "A CLI people like",
    "users:create asks each missing value on a terminal (the installed prompts), checked inline by the API's rules, with defaults",
  ],
  ["cli-2", "A CLI people like", "A bad argument is one line naming it and an exit code, never a stack or React's development build"],
  ["cli-3", "A CLI people like", "--version; every command's help has examples; the help groups the commands"],
  ["cli-4", "A CLI people like", "Tables fit the terminal's width (0 columns counts as 80); piped output is never cut"],
  ["cli-5", "A CLI people like", "jobs:create shows a progress bar on a terminal's stderr, plain lines in a log"],
  ["cli-6", "A CLI people like", "Every hint names a command that works in that situation"],
];

// Figures that must be exactly zero wherever they are measured.
const mustBeZero = new Set([
  "5xx answers",
  "acknowledged writes lost",
  "unhandled rejections",
  "process exits",
  "admin routes reaching a non-admin",
  "reset links alive after a reset",
  "files open to group or others",
  "TCP ports opened to share the database",
  "mail lost",
]);
// Figures with a ceiling: metric → the most it may be on any run.
const maxima = new Map([
  ["healthz wait under load (× quiet)", 5],
  ["reset delivered behind 2,000 queued notices", 5_000],
  ["mean healthz wait during a join flood (× quiet)", 3],
  ["mean wait of another user's request during a join flood (× quiet)", 3],
]);
// Units whose repeated recordings read as the worst one rather than a sum.
const worstOfUnits = new Set(["ms", "×"]);

const dir = process.env.TEST_REPORT_DIR;
if (!dir) throw new Error("TEST_REPORT_DIR is not set: run the suites with it first (see README, Reliability)");
const output = process.argv[2] ?? "docs/reliability.md";

/** The invariant ids a title starts with: `[money-6] [money-7] no violation` → money-6, money-7. */
function leadingIds(title) {
  const ids = [];
  for (let rest = title, match; (match = /^\[([a-z]+(?:-[a-z]+)*-\d+)\]\s*/.exec(rest)); rest = rest.slice(match[0].length)) ids.push(match[1]);
  return ids;
}

/** @type {Map<string, Map<string, {name: string, file: string, runs: Record<string, string>}>>} */
const testsById = new Map(invariants.map(([id]) => [id, new Map()]));
const runs = [];
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const run = path.basename(file, ".json");
  if (run === "browser") continue;
  runs.push(run);
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  for (const result of report.testResults) {
    for (const assertion of result.assertionResults) {
      // A test guards every id its title starts with, and those its describe blocks start with.
      const ids = new Set([...assertion.ancestorTitles, assertion.title].flatMap(leadingIds));
      const name = [...assertion.ancestorTitles, assertion.title].join(" › ");
      const key = `${path.relative(process.cwd(), result.name)}::${name}`;
      for (const id of ids) {
        const tests = testsById.get(id);
        if (!tests) continue;
        const entry = tests.get(key) ?? { name, file: path.relative(process.cwd(), result.name), runs: {} };
        entry.runs[run] = assertion.status;
        tests.set(key, entry);
      }
    }
  }
}

/** @type {Map<string, {run: string, metric: string, value: number, unit?: string}[]>} */
const figuresById = new Map();
const figuresDir = path.join(dir, "reliability");
if (existsSync(figuresDir)) {
  for (const file of readdirSync(figuresDir).filter((name) => name.endsWith(".ndjson"))) {
    for (const line of readFileSync(path.join(figuresDir, file), "utf8").split("\n").filter(Boolean)) {
      const figure = JSON.parse(line);
      figuresById.set(figure.id, [...(figuresById.get(figure.id) ?? []), figure]);
    }
  }
}

const problems = [];
const mark = (status) =>
  status === "passed" ? "passed" : status === "skipped" || status === "pending" ? "skipped (needs PostgreSQL)" : status ? `**${status}**` : "not run";
const lines = [
  "# Reliability",
  "",
  "Written by `scripts/reliability-report.mjs` from the test suites' own results (`npm run reliability`); do not edit by hand.",
  `Runs: ${runs.join(", ") || "none"}.`,
  "",
];
let section = "";
for (const [id, group, text] of invariants) {
  if (group !== section) lines.push(`## ${(section = group)}`, "");
  lines.push(`### ${id}: ${text}`, "");
  const tests = [...testsById.get(id).values()];
  if (tests.length === 0) {
    lines.push("No test yet.", "");
    problems.push(`${id}: no test`);
  }
  for (const test of tests) {
    lines.push(`- \`${test.file}\` — ${test.name}: ${runs.map((run) => `${run} ${mark(test.runs[run])}`).join(", ")}`);
    for (const run of runs) if (test.runs[run] === "failed") problems.push(`${id}: ${test.name} failed on ${run}`);
  }
  // A test may need PostgreSQL (a LISTEN connection, pg_terminate_backend) and be skipped on PGlite; the invariant
  // still needs at least one test that passed.
  if (tests.length > 0 && !tests.some((test) => Object.values(test.runs).includes("passed"))) problems.push(`${id}: no test passed`);
  const figures = summarise(figuresById.get(id) ?? []);
  if (figures.length > 0) {
    lines.push("", "| run | figure | value |", "|---|---|---|");
    for (const figure of figures) {
      lines.push(`| ${figure.run} | ${figure.metric} | ${figure.value}${figure.unit ? ` ${figure.unit}` : ""} |`);
      if (mustBeZero.has(figure.metric) && figure.value !== 0) problems.push(`${id}: ${figure.metric} = ${figure.value} on ${figure.run}`);
      const maximum = maxima.get(figure.metric);
      if (maximum !== undefined && figure.value > maximum) problems.push(`${id}: ${figure.metric} = ${figure.value}, above ${maximum}, on ${figure.run}`);
    }
  }
  lines.push("");
}
lines.push("## Totals", "", "| run | hostile requests sent | 5xx seen | acknowledged writes lost |", "|---|---|---|---|");
for (const run of runs) {
  const all = [...figuresById.values()].flat().filter((figure) => figure.run === run);
  const sum = (metric) => all.filter((figure) => figure.metric === metric).reduce((total, figure) => total + figure.value, 0);
  lines.push(`| ${run} | ${sum("hostile requests")} | ${sum("5xx answers")} | ${sum("acknowledged writes lost")} |`);
}
lines.push("");
writeFileSync(output, lines.join("\n"));
console.log(`reliability: wrote ${output}; ${problems.length === 0 ? "every invariant holds" : `${problems.length} problem(s)`}`);
for (const problem of problems) console.log(`  ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);

/** Sums counts and keeps the worst time or ratio per run and metric, so repeated recordings read as one figure. */
function summarise(figures) {
  const byKey = new Map();
  for (const figure of figures) {
    const key = `${figure.run}|${figure.metric}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...figure });
    else if (worstOfUnits.has(figure.unit)) seen.value = Math.max(seen.value, figure.value);
    else seen.value += figure.value;
  }
  return [...byKey.values()].sort((a, b) => a.run.localeCompare(b.run) || a.metric.localeCompare(b.metric));
}
