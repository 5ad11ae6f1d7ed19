import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
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
// Inside packages/cli, as packages/cli/dist is: the compiled imports resolve the CLI's own dependencies (commander 14
// lives in packages/cli/node_modules; the root's is an older one that other packages pull in).
const cache = path.join(root, "packages", "cli", "node_modules", ".cache");
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

/** The modules `file` imports statically (`import … from "x"`, `export … from "x"`, `import "x"`), not `import("x")`. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  return [...code.matchAll(/^(?:import|export)\b[^;"]*?(?:from\s*)?"([^"]+)";/gm)].map((match) => match[1]!);
}

it("serve loads no optional service's SDK at start: Stripe, OpenAI, S3, SMTP, the embedded database and prompts wait for their first use", () => {
  const serveChunk = readdirSync(outdir).find((file) => /^serve-[\w-]+\.js$/.test(file));
  expect(serveChunk).toBeDefined();
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [path.join(outdir, "main.js"), path.join(outdir, serveChunk!)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith(".")) pending.push(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!);
    }
  }
  // What a start needs is there: the walk reads the bundle's imports.
  expect(packages).toContain("express");
  expect(packages).toContain("pg");
  const optional = [
    "stripe",
    "openai",
    "nodemailer",
    "file-type",
    "@inquirer/prompts",
    "knex-pglite",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@aws-sdk/client-s3",
    "@aws-sdk/lib-storage",
  ];
  expect(optional.filter((name) => packages.has(name))).toEqual([]);
});
