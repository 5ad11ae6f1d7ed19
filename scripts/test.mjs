#!/usr/bin/env node
// `npm test`: the fast set a contributor runs first: the unit tests and the API tests on the embedded PGlite, a test
// file per core (vitest.config.ts), but for its three slowest files (`slow` below).
// `npm run test:all` (`--all`, what CI runs): the same plus the slow files, the CLI's tests (they drive the real CLI in child
// processes, each opening its own embedded database: minutes, not seconds) and the tests that run alone (below), then,
// when TEST_DATABASE_URL is set, the test files that reach a database again on that PostgreSQL server.
// TEST_POSTGRES_NODE=22 runs the PostgreSQL pass on Node 22 (the registry's `node` package, fetched by npx): CI uses it
// so that one pass proves the runtime's Node, instead of a third pass of the server tests.
// Other arguments go to vitest.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { databaseTestFiles } from "./test-files.mjs";

// Tests that start `forgehire serve` in child processes and wait for it within a deadline, or judge waits under load:
// beside another test file on 2 cores they missed their deadlines (measured: 4 of them failed so on a busy machine).
// They run after the others, one file at a time, as every file ran before the suites went parallel.
const alone = [
  "packages/server/src/crash.test.ts",
  "packages/server/src/data-dir.test.ts",
  "packages/server/src/breakdown-restart.test.ts",
  "packages/server/src/queue-restart.test.ts",
  "packages/server/src/realtime/join-flood.test.ts",
];

// The fast set's slowest files, left to the full matrix: together 29% of the fast set's test time on 2 cores (measured:
// abilities walks every actor through every job state, building a fresh job for each allowed request; mail-delivery
// drains a backlog of 2,000 e-mails; hostile-routes fuzzes every route with 2,000 requests).
const slow = ["packages/server/src/routes/abilities.test.ts", "packages/server/src/mail-delivery.test.ts", "packages/server/src/routes/hostile-routes.test.ts"];

const all = process.argv.includes("--all");
const extra = process.argv.slice(2).filter((arg) => arg !== "--all");
const vitest = ["node_modules/vitest/vitest.mjs", "run"];
const reportDir = process.env.TEST_REPORT_DIR;
const run = (label, name, args, env, node = ["node"]) => {
  console.log(`\n=== ${label} ===`);
  const [command, ...prefix] = node;
  const started = Date.now();
  const result = spawnSync(command, [...prefix, ...vitest, ...args, ...extra], { stdio: "inherit", env: { ...env, TEST_REPORT_NAME: name } });
  console.log(`=== ${label}: ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
};
/** Folds the report of the files run alone into their pass's report, so each database reads as one run. */
const fold = (name) => {
  const [into, from] = [name, `${name}-alone`].map((run) => reportDir && path.join(reportDir, `${run}.json`));
  if (!into || !existsSync(into) || !existsSync(from)) return;
  const [a, b] = [into, from].map((file) => JSON.parse(readFileSync(file, "utf8")));
  for (const key of Object.keys(a)) if (/^num/.test(key) && typeof a[key] === "number") a[key] += b[key] ?? 0;
  a.testResults.push(...b.testResults);
  a.success = a.success && b.success;
  writeFileSync(into, JSON.stringify(a));
  rmSync(from);
};
const excludeAlone = alone.flatMap((file) => ["--exclude", file]);

const { TEST_DATABASE_URL, TEST_POSTGRES_NODE, ...withoutPg } = process.env;
const projects = ["core", "portal", "services", "server", ...(all ? ["cli"] : [])];
const excludeSlow = all ? [] : slow.flatMap((file) => ["--exclude", file]);
run(`${projects.join(", ")} on PGlite`, "pglite", [...projects.flatMap((project) => ["--project", project]), ...excludeAlone, ...excludeSlow], withoutPg);
if (all) {
  run("tests that run alone, on PGlite", "pglite-alone", ["--project", "server", "--maxWorkers", "1", ...alone], withoutPg);
  fold("pglite");
}
if (all && TEST_DATABASE_URL) {
  const node = TEST_POSTGRES_NODE ? ["npx", "-y", "-p", `node@${TEST_POSTGRES_NODE}`, "node"] : ["node"];
  // Only the files that can reach TEST_DATABASE_URL: the rest (passwords, config, pure helpers) would run the same
  // code a second time.
  const files = databaseTestFiles();
  const on = `on PostgreSQL${TEST_POSTGRES_NODE ? `, Node ${TEST_POSTGRES_NODE}` : ""}`;
  run(
    `services and API ${on} (${files.length} files that reach the database)`,
    "postgresql",
    ["--project", "services", "--project", "server", ...excludeAlone, ...files.filter((file) => !alone.includes(file))],
    process.env,
    node,
  );
  const aloneOnPg = alone.filter((file) => files.includes(file));
  run(`tests that run alone, ${on}`, "postgresql-alone", ["--project", "server", "--maxWorkers", "1", ...aloneOnPg], process.env, node);
  fold("postgresql");
}
