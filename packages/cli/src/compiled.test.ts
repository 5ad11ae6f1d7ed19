import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

// The production path: the CLI compiled by scripts/build-server.mjs, run by plain node with no tsx, its migrations
// found as .js beside the compiled loader. Built into node_modules/.cache so the real packages/cli/dist is left
// alone and the compiled imports still find node_modules.
const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const cache = path.join(root, "node_modules", ".cache");
let outdir: string;
let dataDir: string;

const compiled = (...args: string[]) =>
  run(process.execPath, [path.join(outdir, "main.js"), ...args], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
  });

beforeAll(async () => {
  mkdirSync(cache, { recursive: true });
  outdir = mkdtempSync(path.join(cache, "forgehire-compiled-"));
  dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-compiled-data-"));
  await run(process.execPath, [path.join(root, "scripts", "build-server.mjs"), "--outdir", outdir]);
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

it("the compiled CLI applies every migration file of the folder, compiled, then renders its terminal views", async () => {
  const sources = readdirSync(path.join(root, "migrations")).filter((file) => /^\d{14}_.+\.ts$/.test(file) && !file.endsWith(".test.ts"));
  const emitted = readdirSync(path.join(outdir, "migrations")).filter((file) => /^\d{14}_.+\.js$/.test(file));
  expect(emitted.map((file) => file.replace(/\.js$/, ""))).toEqual(sources.map((file) => file.replace(/\.ts$/, "")));

  const migrate = await compiled("db:migrate");
  expect(migrate.stdout).toContain(`Applied ${sources.length} migration(s)`);
  expect((await compiled("db:migrate")).stdout).toContain("Already up to date.");

  // Ink and React are compiled in (no production dependency of the image): the table view must still render.
  await compiled("users:create", "--type", "admin", "--email", "ops@example.test", "--password", "a-long-password-1", "--first-name", "Op", "--last-name", "S");
  const list = await compiled("users:list");
  expect(list.stdout).toMatch(/EMAIL\s+NAME/);
  expect(list.stdout).toContain("ops@example.test");
});
