import type { Command } from "commander";

/**
 * The help's groups, in the order `forgehire --help` lists them: an operator looks for "the payments commands",
 * not for one name among 29. Each command's group is the first whose names hold it.
 */
export const commandGroups: Array<{ heading: string; commands: string[] }> = [
  { heading: "Run the app:", commands: ["serve", "dev"] },
  { heading: "Database:", commands: ["db:migrate", "db:rollback", "db:seed"] },
  {
    heading: "Accounts:",
    commands: [
      "users:create",
      "users:list",
      "users:show",
      "users:disable",
      "users:enable",
      "users:set-type",
      "users:send-reset",
      "freelancers:list",
      "freelancers:show",
    ],
  },
  {
    heading: "Jobs and delivery:",
    commands: [
      "jobs:list",
      "jobs:show",
      "jobs:create",
      "jobs:breakdown",
      "jobs:lock",
      "jobs:unlock",
      "jobs:start",
      "jobs:complete",
      "jobs:delete",
      "stories:approve",
    ],
  },
  { heading: "Money:", commands: ["payments:list", "payments:reconcile", "payments:refund", "payments:receipt", "payouts:list", "ledger:verify"] },
  { heading: "Disputes and reviews:", commands: ["disputes:list", "disputes:resolve", "reviews:list", "reviews:hide"] },
  { heading: "Back office:", commands: ["stats", "admin:email", "emails:list", "emails:retry", "audit:list"] },
];

/** Where a command not listed above goes (a command added later still shows, under its own prefix). */
const otherGroup = "Other commands:";

/**
 * Examples shown under each command's help: what an operator would type. A command without its own lines gets
 * `forgehire <name> --help`-free examples from its usage, so no help is left without one.
 */
export const commandExamples: Record<string, string[]> = {
  serve: ["forgehire serve", "forgehire serve --port 8080 --no-demo"],
  dev: ["forgehire dev"],
  "db:migrate": ["forgehire db:migrate"],
  "db:rollback": ["forgehire db:rollback", "forgehire db:rollback --step 2 --yes"],
  "db:seed": ["forgehire db:seed"],
  "users:create": [
    "forgehire users:create                      # asks for each value on a terminal",
    "forgehire users:create --email ops@example.com --password s3cret! --first-name Ada --last-name Ops --type admin",
  ],
  "users:list": ["forgehire users:list --type freelancer", "forgehire users:list --q alice --json | jq '.[].email'"],
  "users:show": ["forgehire users:show alice@forgehire.local", "forgehire users:show alice@forgehire.local --json"],
  "users:disable": ["forgehire users:disable alice@forgehire.local"],
  "users:enable": ["forgehire users:enable alice@forgehire.local"],
  "users:set-type": ["forgehire users:set-type bruno@forgehire.local admin"],
  "users:send-reset": ["forgehire users:send-reset alice@forgehire.local"],
  stats: ["forgehire stats", "forgehire stats --json"],
  "admin:email": [
    "forgehire admin:email 3                    # asks for the subject and message",
    'forgehire admin:email 3 --subject "Kick-off" --message "We start Monday."',
  ],
  "emails:retry": ["forgehire emails:retry --failed", "forgehire emails:retry 0b5e7c1e-2f1a-4c59-9d2a-3f1f6f1f2a10"],
  "emails:list": ["forgehire emails:list --kind admin_email", "forgehire emails:list --to alice@forgehire.local --full"],
  "jobs:list": ["forgehire jobs:list", "forgehire jobs:list --status unpaid --per-page 50"],
  "jobs:show": ["forgehire jobs:show 2", "forgehire jobs:show 2 --json"],
  "jobs:breakdown": ["forgehire jobs:breakdown 1 --engine rules", "forgehire jobs:breakdown 1 --no-wait"],
  "jobs:lock": ["forgehire jobs:lock 1"],
  "jobs:start": ["forgehire jobs:start 3 --freelancer nova@forgehire.local"],
  "jobs:unlock": ["forgehire jobs:unlock 1"],
  "jobs:complete": ["forgehire jobs:complete 4"],
  "jobs:delete": ["forgehire jobs:delete 5", "forgehire jobs:delete 5 --yes"],
  "jobs:create": ["forgehire jobs:create --file jobs.json", "cat jobs.ndjson | forgehire jobs:create --file - --no-notify --json"],
  "freelancers:list": ["forgehire freelancers:list --q react"],
  "freelancers:show": ["forgehire freelancers:show 1"],
  "payments:list": ["forgehire payments:list --needs-refund", "forgehire payments:list --job 3 --json"],
  "payments:reconcile": ["forgehire payments:reconcile", "forgehire payments:reconcile --job 3"],
  "payments:receipt": ["forgehire payments:receipt <paymentId> --out receipt.pdf"],
  "stories:approve": ["forgehire stories:approve <storyId>"],
  "disputes:list": ["forgehire disputes:list --status open"],
  "disputes:resolve": ['forgehire disputes:resolve <disputeId> --release 30000 --refund 20000 --note "Half delivered"'],
  "reviews:list": ["forgehire reviews:list --hidden"],
  "reviews:hide": ['forgehire reviews:hide <reviewId> --reason "Personal details"'],
  "payouts:list": ["forgehire payouts:list --status failed"],
  "ledger:verify": ["forgehire ledger:verify", "forgehire ledger:verify --json"],
};

/**
 * Puts every command in its help group and under each command's help its examples. Run after the commands are
 * registered; a command without examples of its own gets one built from its usage line.
 */
export function decorateHelp(program: Command): void {
  for (const command of program.commands) {
    const name = command.name();
    command.helpGroup(commandGroups.find((group) => group.commands.includes(name))?.heading ?? otherGroup);
    const examples = commandExamples[name] ?? [`forgehire ${name} ${command.usage()}`];
    command.addHelpText("after", `\nExamples:\n${examples.map((line) => `  $ ${line}`).join("\n")}\n`);
  }
}
