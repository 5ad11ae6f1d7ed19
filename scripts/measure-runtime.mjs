#!/usr/bin/env node
// Measures what the Dockerfile's runtime stage installs, without Docker: the same `npm ci --omit=dev` of the server
// and CLI workspaces into an empty folder. Fails when node_modules passes the budget, or when a front-end or
// development package slipped into the production dependencies.
// Usage: node scripts/measure-runtime.mjs [--budget-mib 150]
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const budgetFlag = process.argv.indexOf("--budget-mib");
const budgetMiB = budgetFlag > 0 ? Number(process.argv[budgetFlag + 1]) : 150;
// Never needed to serve: the web apps are built in the build stage, tests and tsx run in development only.
const forbidden = ["react", "react-dom", "@mui/material", "react-admin", "vite", "playwright-core", "tsx", "vitest", "typescript", "esbuild"];
// npm ci checks every workspace of the lockfile, so each one's package.json is copied (as the Dockerfile does).
const serverWorkspaces = ["packages/core", "packages/services", "packages/server", "packages/cli"];
const workspaces = ["packages/core", "packages/realtime-client", "packages/services", "packages/server", "packages/cli", "portal", "admin", "e2e", "bench"];

/** Bytes on disk of a folder, symbolic links counted as links (the workspace links point back at the sources). */
function size(target) {
  const stat = lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, entry) => sum + size(path.join(target, entry)), 0);
}

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const dir = mkdtempSync(path.join(tmpdir(), "forgehire-runtime-"));
try {
  cpSync(path.join(root, "package.json"), path.join(dir, "package.json"));
  cpSync(path.join(root, "package-lock.json"), path.join(dir, "package-lock.json"));
  for (const workspace of workspaces) {
    mkdirSync(path.join(dir, workspace), { recursive: true });
    cpSync(path.join(root, workspace, "package.json"), path.join(dir, workspace, "package.json"));
  }
  const started = Date.now();
  execFileSync("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--workspace", "packages/server", "--workspace", "packages/cli"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const modules = size(path.join(dir, "node_modules"));
  const packages = readdirSync(path.join(dir, "node_modules")).flatMap((name) =>
    name.startsWith("@") ? readdirSync(path.join(dir, "node_modules", name)).map((sub) => `${name}/${sub}`) : [name],
  );
  const extras = [
    ["compiled CLI and server", path.join(root, "packages", "cli", "dist")],
    ["portal build", path.join(root, "portal", "dist")],
    ["back office build", path.join(root, "admin", "dist")],
  ].filter(([, folder]) => existsSync(folder));
  console.log(`npm ci --omit=dev (server + CLI): ${packages.length} packages, ${mib(modules)} MiB in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const [label, folder] of extras) console.log(`${label}: ${mib(size(folder))} MiB`);
  // Asked of the dependency tree, not of the folder: npm ci still unpacks a package the lockfile needs in production
  // for another workspace (React, for the portal) although nothing of the server's reaches it.
  // npm ls exits non-zero on any oddity of the tree (an extraneous package): its list is what counts here.
  const reached = spawnSync("npm", ["ls", ...forbidden, "--omit=dev", "--all", "--parseable", ...serverWorkspaces.flatMap((w) => ["--workspace", w])], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
    .stdout.split("\n")
    .filter((line) => line.includes("node_modules"));
  if (reached.length) {
    console.error(`Not production dependencies of the server:\n  ${reached.join("\n  ")}\n(who pulls them: npm ls NAME --omit=dev)`);
    process.exitCode = 1;
  }
  const unpacked = forbidden.filter((name) => existsSync(path.join(dir, "node_modules", name)));
  if (unpacked.length) console.log(`unpacked although no server workspace depends on them: ${unpacked.join(", ")}`);
  if (modules > budgetMiB * 1024 * 1024) {
    console.error(`node_modules is ${mib(modules)} MiB, over the ${budgetMiB} MiB budget`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
