// Which test files of the services and server suites reach a database that TEST_DATABASE_URL can switch to
// PostgreSQL. A test meets PostgreSQL only through that variable (openTestDatabase, the global setup's template, the
// tests that start servers or proxies of their own), so a file whose imports, followed through the repository's own
// modules, never read it runs the same code on either database: the PostgreSQL pass leaves it out.
// The walk over-includes rather than misses: any module that names the variable counts, used or not.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const roots = ["packages/services/src", "packages/server/src", "migrations", "seeds"];
const marker = /\bTEST_DATABASE_URL\b/;
/** The repository's own packages, by the subpath their package.json exports. */
const workspaceExports = new Map();
for (const name of readdirSync(path.join(root, "packages"))) {
  const manifest = path.join(root, "packages", name, "package.json");
  if (!existsSync(manifest)) continue;
  const { name: packageName, exports = {} } = JSON.parse(readFileSync(manifest, "utf8"));
  for (const [subpath, target] of Object.entries(typeof exports === "string" ? { ".": exports } : exports)) {
    if (typeof target !== "string") continue;
    workspaceExports.set(subpath === "." ? packageName : `${packageName}${subpath.slice(1)}`, path.join(root, "packages", name, target));
  }
}

const importPattern = /(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s*["']([^"']+)["']/g;

/** A relative or workspace specifier as a file of the repository; undefined for node_modules and node: builtins. */
function resolve(specifier, from) {
  if (workspaceExports.has(specifier)) return workspaceExports.get(specifier);
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  return [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, "index.ts")].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

const reaches = new Map();
/** Whether file, or a repository module it imports (transitively), names TEST_DATABASE_URL. */
function reachesDatabase(file, seen = new Set()) {
  if (reaches.has(file)) return reaches.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  let found = marker.test(source);
  for (const match of source.matchAll(importPattern)) {
    if (found) break;
    const target = resolve(match[1] ?? match[2] ?? match[3], file);
    if (target) found = reachesDatabase(target, seen);
  }
  // A result inside a cycle may be incomplete; only a positive one is certain to keep.
  if (found) reaches.set(file, true);
  return found;
}

function testFiles(dir) {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".test.ts") && !entry.parentPath.includes("node_modules"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The services and server test files (repository-relative) that reach TEST_DATABASE_URL. */
export function databaseTestFiles() {
  return roots
    .flatMap(testFiles)
    .filter((file) => reachesDatabase(file))
    .map((file) => path.relative(root, file))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const chosen = new Set(databaseTestFiles());
  for (const file of roots
    .flatMap(testFiles)
    .map((file) => path.relative(root, file))
    .sort()) {
    console.log(`${chosen.has(file) ? "postgresql" : "pglite only"}  ${file}`);
  }
}
