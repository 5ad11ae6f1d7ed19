import type { Command } from "commander";

// Command definitions only: each action loads its module (and the database, server or Ink behind it) when it
// runs, so `forgehire --help` and friends answer at once.
const userTypes = "client|freelancer|admin";

/** Registers every command on the program. */
export function registerCommands(program: Command): void {
  program
    .command("serve")
    .description("migrate, seed the demo on first start, and serve the portal, the back office and the API")
    .option("--port <port>", "port to listen on (default PORT or 3000)")
    .option("--no-demo", "do not load the demo data into an empty database")
    .option("--no-build", "do not build the web apps when they are missing")
    .option("--no-migrate", "do not migrate at start (production: `forgehire db:migrate` is a step of its own)")
    .action(async (options) => (await import("../actions/serve.js")).serve(options));

  program
    .command("dev")
    .description("develop: API on :3000 (restarts on change), portal on :5173 and back office on :5174 with hot reload")
    .action(async () => (await import("../actions/dev.js")).dev());

  program
    .command("db:migrate")
    .description("apply every pending migration")
    .action(async () => (await import("../actions/db.js")).dbMigrate());

  program
    .command("db:rollback")
    .description("undo the last migration (asks first on a terminal; --yes without one)")
    .option("--step <n>", "undo the last n migrations")
    .option("--all", "undo every migration")
    .option("--yes", "do not ask: needed without a terminal")
    .action(async (options) => (await import("../actions/db.js")).dbRollback(options));

  program
    .command("db:seed")
    .description("load the demo accounts, freelancers and jobs (into an empty database)")
    .action(async () => (await import("../actions/db.js")).dbSeed());

  program
    .command("users:create")
    .description("create an account of any type (admins included); asks for missing values on a terminal")
    .option("--email <email>", "login email")
    .option("--password <password>", "at least 6 characters")
    .option("--first-name <name>", "first name")
    .option("--last-name <name>", "last name")
    .option("--type <type>", `account type: ${userTypes}`)
    .action(async (options) => (await import("../actions/users.js")).usersCreate(options));

  program
    .command("users:list")
    .description("list accounts, newest first")
    .option("--q <text>", "search email and names")
    .option("--type <type>", `only one account type: ${userTypes}`)
    .option("--page <n>", "page number", "1")
    .option("--per-page <n>", "rows per page (at most 100)", "25")
    .option("--json", "print JSON instead of a table")
    .option("--as <email>", "the admin acting (default: the first admin)")
    .action(async (options) => (await import("../actions/users.js")).usersList(options));

  program
    .command("users:show <account>")
    .description("show one account, by email or id")
    .option("--as <email>", "the admin acting (default: the first admin)")
    .option("--json", "print JSON")
    .action(async (account: string, options) => (await import("../actions/users.js")).usersShow(account, options));

  program
    .command("users:disable <account>")
    .description("disable an account (by email or id): its sessions end at once and it can no longer sign in")
    .option("--as <email>", "the admin acting (default: the first admin)")
    .action(async (account: string, options) => (await import("../actions/users.js")).usersSetDisabled(account, true, options));

  program
    .command("users:enable <account>")
    .description("let a disabled account sign in again")
    .option("--as <email>", "the admin acting (default: the first admin)")
    .action(async (account: string, options) => (await import("../actions/users.js")).usersSetDisabled(account, false, options));

  program
    .command("users:set-type <account> <type>")
    .description(`change an account's type (${userTypes}); the last enabled admin cannot be demoted`)
    .option("--as <email>", "the admin acting (default: the first admin)")
    .action(async (account: string, type: string, options) => (await import("../actions/users.js")).usersSetType(account, type, options));

  program
    .command("users:send-reset <account>")
    .description("email an account a password reset link (by email or id)")
    .option("--as <email>", "the admin acting (default: the first admin)")
    .action(async (account: string, options) => (await import("../actions/users.js")).usersSendReset(account, options));

  program
    .command("stats")
    .description("the back office dashboard's counters: live jobs in progress, completed, payment due, paid...")
    .option("--json", "print JSON")
    .action(async (options) => (await import("../actions/admin.js")).stats(options));

  program
    .command("admin:email <jobId>")
    .description("email a job's poster as an admin; asks for a missing subject or message on a terminal")
    .option("--subject <text>", "the subject")
    .option("--message <text>", "the message")
    .option("--as <email>", "the admin sending it (default: the first admin)")
    .action(async (jobId: string, options) => (await import("../actions/admin.js")).adminEmail(jobId, options));

  program
    .command("emails:retry [ids...]")
    .description("send failed emails again: the ids given, or every failed one with --failed")
    .option("--failed", "every email whose delivery failed")
    .option("--json", "print JSON")
    .action(async (ids: string[], options) => (await import("../actions/admin.js")).emailsRetry(ids, options));

  program
    .command("jobs:list")
    .description("list live jobs, newest first")
    .option("--status <filter>", "all|in_progress|completed|unpaid|paid (as My Jobs filters them for an admin)")
    .option("--page <n>", "page number", "1")
    .option("--per-page <n>", "rows per page (at most 100)", "25")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON")
    .action(async (options) => (await import("../actions/jobs.js")).jobsList(options));

  program
    .command("jobs:show <id>")
    .description("show a job's requirements, stories and tasks")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsShow(id, options));

  program
    .command("jobs:breakdown <id>")
    .description("break a job into stories and tasks, showing each attempt live (the AI's breakdown is a queued run, followed to its end)")
    .option("--engine <engine>", "rules|ai (default: ai when AI_BASE_URL is set, else rules)")
    .option("--no-wait", "with the AI: print the queued run's id and exit (a server's queue works it)")
    .option("--as <email>", "act as this account (default: the first admin)")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsBreakdown(id, options));

  program
    .command("jobs:lock <id>")
    .description("lock a job's requirements")
    .option("--as <email>", "act as this account (default: the first admin)")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsLock(id, options));

  program
    .command("jobs:start <id>")
    .description("start a locked, paid job as a freelancer")
    .requiredOption("--freelancer <email>", "the freelancer who starts it")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsStart(id, options));

  program
    .command("jobs:unlock <id>")
    .description("unlock a job's requirements (before it starts)")
    .option("--as <email>", "act as this account (default: the first admin)")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsUnlock(id, options));

  program
    .command("jobs:complete <id>")
    .description("admin override: mark an in-progress job completed (it otherwise completes when its last story is approved)")
    .option("--as <email>", "act as this account (default: the first admin)")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsComplete(id, options));

  program
    .command("jobs:delete <id>")
    .description("delete a job (status inactive), as the portal does; asks first on a terminal")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--yes", "do not ask: needed without a terminal")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsDelete(id, options));

  program
    .command("jobs:create")
    .description("post jobs from a file: the body of POST /api/jobs, an array of them, or NDJSON on stdin (--file -)")
    .requiredOption("--file <path>", "the JSON file, or - for stdin")
    .option("--as <email>", "the owner: a client or an admin (default: the first admin)")
    .option("--no-notify", "do not e-mail the admins about each new job (a bulk import)")
    .option("--json", "print the created jobs as JSON")
    .action(async (options) => (await import("../actions/jobs.js")).jobsCreate(options));

  program
    .command("freelancers:list")
    .description("list the freelancer directory")
    .option("--q <text>", "search names, titles, bios, skills and domains")
    .option("--page <n>", "page number", "1")
    .option("--per-page <n>", "rows per page (at most 100)", "25")
    .option("--json", "print JSON")
    .action(async (options) => (await import("../actions/freelancers.js")).freelancersList(options));

  program
    .command("freelancers:show <id>")
    .description("show a freelancer's profile and portfolio")
    .option("--json", "print JSON")
    .action(async (id: string, options) => (await import("../actions/freelancers.js")).freelancersShow(id, options));

  program
    .command("payments:list")
    .description("list payment attempts, newest first")
    .option("--job <id>", "only this job's payments")
    .option("--needs-refund", "only charges still to be refunded")
    .option("--json", "print JSON instead of text")
    .action(async (options) => (await import("../actions/payments.js")).paymentsList(options));

  program
    .command("payments:reconcile")
    .description("ask the payment provider about unsettled payments and apply what it says (recovers lost webhooks)")
    .option("--job <id>", "only this job's payments")
    .option("--json", "print JSON instead of text")
    .action(async (options) => (await import("../actions/payments.js")).paymentsReconcile(options));

  program
    .command("payments:receipt <paymentId>")
    .description("a payment's receipt: write its PDF (--out) or print the facts it was issued with (--json)")
    .option("--out <file>", "write the PDF here, e.g. receipt.pdf")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON: {id, number, kind, issuedAt, content}")
    .action(async (paymentId: string, options) => (await import("../actions/payments.js")).paymentsReceipt(paymentId, options));

  program
    .command("payments:refund <paymentId>")
    .description("refund a charge flagged needs_refund now (as the back office's Refund now); payments:list --needs-refund lists them")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON: {id, jobId, amount, status, providerRefundId, refundedAt}")
    .action(async (paymentId: string, options) => (await import("../actions/payments.js")).paymentsRefund(paymentId, options));

  program
    .command("stories:approve <id>")
    .description("approve a story in review as an admin: its milestone is released (gross, fee, net); the job completes with its last story")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON: {story, release}")
    .action(async (id: string, options) => (await import("../actions/stories.js")).storiesApprove(id, options));

  program
    .command("disputes:list")
    .description("every dispute, newest first, with its outcome once resolved")
    .option("--status <status>", "open or resolved")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON instead of text")
    .action(async (options) => (await import("../actions/disputes.js")).disputesList(options));

  program
    .command("disputes:resolve <id>")
    .description("split what is held for a dispute into a release to the freelancer and a refund to the client (they must add up to it)")
    .requiredOption("--release <cents>", "cents released to the freelancer (the platform's fee is taken from them)")
    .requiredOption("--refund <cents>", "cents refunded to the client, through the payment provider")
    .option("--note <text>", "the resolution's note")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON: {dispute}")
    .action(async (id: string, options) => (await import("../actions/disputes.js")).disputesResolve(id, options));

  program
    .command("reviews:list")
    .description("every review, newest first: stars, author → subject, published or not, hidden ones with the reason")
    .option("--job <id>", "only this job's reviews")
    .option("--role <role>", "client (about the freelancer) or freelancer (about the client)")
    .option("--hidden", "only reviews an admin hid")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON instead of text")
    .action(async (options) => (await import("../actions/reviews.js")).reviewsList(options));

  program
    .command("reviews:hide <id>")
    .description("hide a review from the profile and the other party, with a reason (kept and shown to admins; nothing deletes a review)")
    .requiredOption("--reason <text>", "why it is hidden")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON: {review}")
    .action(async (id: string, options) => (await import("../actions/reviews.js")).reviewsHide(id, options));

  program
    .command("audit:list")
    .description("the audit trail, newest first: who changed what through the back office or the CLI, each field before → after")
    .option("--resource <resource>", "users, jobs, stories, tasks, emails, payments, disputes or reviews")
    .option("--record <id>", "only this record's history (with --resource)")
    .option("--actor <account>", "only the changes of this account (email or id)")
    .option("--via <face>", "back-office, cli or system")
    .option("--action <action>", "one action, such as users.disable")
    .option("--limit <n>", "how many entries (1–1000)", "50")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON instead of text")
    .action(async (options) => (await import("../actions/audit.js")).auditList(options));

  program
    .command("payouts:list")
    .description("every transfer to a freelancer, newest first: freelancer, job, amount, status and failure reason")
    .option("--status <status>", "pending, paid, failed or reversed")
    .option("--job <id>", "only this job's payouts")
    .option("--as <email>", "act as this account (default: the first admin)")
    .option("--json", "print JSON instead of text")
    .action(async (options) => (await import("../actions/payouts.js")).payoutsList(options));

  program
    .command("ledger:verify")
    .description("check every money invariant over the whole ledger; exit 12 naming each violation")
    .option("--json", "print JSON instead of text")
    .action(async (options) => (await import("../actions/ledger.js")).ledgerVerify(options));

  program
    .command("emails:list")
    .description("list the outbox, newest first")
    .option("--to <email>", "only emails to this address")
    .option("--kind <kind>", "only one kind (password_reset, job_posted, chat_notification, admin_email)")
    .option("--page <n>", "page number", "1")
    .option("--per-page <n>", "rows per page (at most 100)", "25")
    .option("--full", "print each email's text")
    .option("--as <email>", "the admin acting (default: the first admin)")
    .option("--json", "print JSON")
    .action(async (options) => (await import("../actions/emails.js")).emailsList(options));
}
