#!/usr/bin/env node
// `npm test`: the unit and API suites on the embedded PGlite, then, when TEST_DATABASE_URL is set, the
// database-backed suites again on that PostgreSQL server. Extra arguments go to vitest.
import { spawnSync } from "node:child_process";

const extra = process.argv.slice(2);
const run = (label, name, args, env) => {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync("npx", ["vitest", "run", ...args, ...extra], { stdio: "inherit", env: { ...env, TEST_REPORT_NAME: name } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPg } = process.env;
run(
  "core, portal helpers, services, API and CLI on PGlite",
  "pglite",
  ["--project", "core", "--project", "portal", "--project", "services", "--project", "server", "--project", "cli"],
  withoutPg,
);
if (TEST_DATABASE_URL) {
  run("services and API on PostgreSQL", "postgresql", ["--project", "services", "--project", "server"], process.env);
}
