#!/usr/bin/env node
// `npm test`: the unit and API suites on the embedded PGlite, then, when TEST_DATABASE_URL is set, the
// database-backed suites again on that PostgreSQL server. Extra arguments go to vitest.
// TEST_POSTGRES_NODE=22 runs the PostgreSQL pass on Node 22 (the registry's `node` package, fetched by npx): CI uses it
// so that one pass proves the runtime's Node, instead of a third pass of the server tests.
import { spawnSync } from "node:child_process";

const extra = process.argv.slice(2);
const vitest = ["node_modules/vitest/vitest.mjs", "run"];
const run = (label, name, args, env, node = ["node"]) => {
  console.log(`\n=== ${label} ===`);
  const [command, ...prefix] = node;
  const result = spawnSync(command, [...prefix, ...vitest, ...args, ...extra], { stdio: "inherit", env: { ...env, TEST_REPORT_NAME: name } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, TEST_POSTGRES_NODE, ...withoutPg } = process.env;
run(
  "core, portal helpers, services, API and CLI on PGlite",
  "pglite",
  ["--project", "core", "--project", "portal", "--project", "services", "--project", "server", "--project", "cli"],
  withoutPg,
);
if (TEST_DATABASE_URL) {
  const node = TEST_POSTGRES_NODE ? ["npx", "-y", "-p", `node@${TEST_POSTGRES_NODE}`, "node"] : ["node"];
  run(
    `services and API on PostgreSQL${TEST_POSTGRES_NODE ? `, Node ${TEST_POSTGRES_NODE}` : ""}`,
    "postgresql",
    ["--project", "services", "--project", "server"],
    process.env,
    node,
  );
}
