#!/usr/bin/env node
// `npm test`: the fast set a contributor runs first: the unit tests and the API tests on the embedded PGlite, a test
// file per core (vitest.config.ts).
// `npm run test:all` (`--all`, what CI runs): the same plus the CLI's tests (they drive the real CLI in child
// processes, each opening its own embedded database: minutes, not seconds), then, when TEST_DATABASE_URL is set, the
// test files that reach a database again on that PostgreSQL server.
// TEST_POSTGRES_NODE=22 runs the PostgreSQL pass on Node 22 (the registry's `node` package, fetched by npx): CI uses it
// so that one pass proves the runtime's Node, instead of a third pass of the server tests.
// Other arguments go to vitest.
import { spawnSync } from "node:child_process";
import { databaseTestFiles } from "./test-files.mjs";

const all = process.argv.includes("--all");
const extra = process.argv.slice(2).filter((arg) => arg !== "--all");
const vitest = ["node_modules/vitest/vitest.mjs", "run"];
const run = (label, name, args, env, node = ["node"]) => {
  console.log(`\n=== ${label} ===`);
  const [command, ...prefix] = node;
  const started = Date.now();
  const result = spawnSync(command, [...prefix, ...vitest, ...args, ...extra], { stdio: "inherit", env: { ...env, TEST_REPORT_NAME: name } });
  console.log(`=== ${label}: ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, TEST_POSTGRES_NODE, ...withoutPg } = process.env;
const projects = ["core", "portal", "services", "server", ...(all ? ["cli"] : [])];
run(
  `${projects.join(", ")} on PGlite`,
  "pglite",
  projects.flatMap((project) => ["--project", project]),
  withoutPg,
);
if (all && TEST_DATABASE_URL) {
  const node = TEST_POSTGRES_NODE ? ["npx", "-y", "-p", `node@${TEST_POSTGRES_NODE}`, "node"] : ["node"];
  // Only the files that can reach TEST_DATABASE_URL: the rest (passwords, config, pure helpers) would run the same
  // code a second time.
  const files = databaseTestFiles();
  run(
    `services and API on PostgreSQL${TEST_POSTGRES_NODE ? `, Node ${TEST_POSTGRES_NODE}` : ""} (${files.length} files that reach the database)`,
    "postgresql",
    ["--project", "services", "--project", "server", ...files],
    process.env,
    node,
  );
}
