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
    .description("undo the last batch of migrations")
    .option("--all", "undo every migration")
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
    .action(async (options) => (await import("../actions/users.js")).usersList(options));

  program
    .command("jobs:list")
    .description("list live jobs, newest first")
    .option("--status <filter>", "all|in_progress|completed|unpaid|paid (as My Jobs filters them for an admin)")
    .option("--page <n>", "page number", "1")
    .option("--per-page <n>", "rows per page (at most 100)", "25")
    .option("--as <email>", "act as this account (default: the first admin)")
    .action(async (options) => (await import("../actions/jobs.js")).jobsList(options));

  program
    .command("jobs:show <id>")
    .description("show a job's requirements, stories and tasks")
    .option("--as <email>", "act as this account (default: the first admin)")
    .action(async (id: string, options) => (await import("../actions/jobs.js")).jobsShow(id, options));

  program
    .command("jobs:breakdown <id>")
    .description("break a job into stories and tasks, showing each attempt live")
    .option("--engine <engine>", "rules|ai (default: ai when AI_BASE_URL is set, else rules)")
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
    .command("emails:list")
    .description("list the outbox, newest first")
    .option("--to <email>", "only emails to this address")
    .option("--kind <kind>", "only one kind (password_reset, job_posted, chat_notification, admin_email)")
    .option("--page <n>", "page number", "1")
    .option("--per-page <n>", "rows per page (at most 100)", "25")
    .option("--full", "print each email's text")
    .action(async (options) => (await import("../actions/emails.js")).emailsList(options));
}
