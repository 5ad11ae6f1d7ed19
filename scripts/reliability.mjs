#!/usr/bin/env node
// `npm run reliability`: runs the reliability tests (titles starting with an invariant id: "[money-1]", "[trust-2]" …) on PGlite and,
// with TEST_DATABASE_URL set, on PostgreSQL (the full matrix's files: `npm run test:all`), then writes docs/reliability.md from their results.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const reportDir = mkdtempSync(path.join(tmpdir(), "forgehire-reliability-"));
const env = { ...process.env, TEST_REPORT_DIR: reportDir };
const tests = spawnSync("node", ["scripts/test.mjs", "--all", "-t", String.raw`\[[a-z]+-\d+\]`], { stdio: "inherit", env });
const report = spawnSync("node", ["scripts/reliability-report.mjs"], { stdio: "inherit", env });
process.exit(tests.status || report.status || 0);
