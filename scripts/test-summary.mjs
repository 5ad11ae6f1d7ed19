#!/usr/bin/env node
// Adds up the JSON reports vitest wrote into TEST_REPORT_DIR, one per run (PGlite, PostgreSQL, browser), and ends
// with one closing line for the whole CI run: "tests: N passed, N failed".
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.env.TEST_REPORT_DIR;
if (!dir) throw new Error("TEST_REPORT_DIR is not set");
const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  const run = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  console.log(`  ${path.basename(file, ".json")}: ${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped (${report.testResults.length} files)`);
  for (const key of Object.keys(total)) total[key] += run[key];
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
