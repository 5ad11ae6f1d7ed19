#!/usr/bin/env node
// npm run db:make -- add-x-to-y: writes migrations/YYYYMMDDHHmmss_add-x-to-y.ts with an empty up and down. The
// loader discovers migrations from the folder, so nothing else has to list it.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const name = process.argv[2];
if (!name || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
  console.error("Usage: npm run db:make -- <kebab-case-name>   (e.g. add-priority-to-jobs)");
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "migrations", `${stamp}_${name}.ts`);
if (existsSync(file)) {
  console.error(`${file} exists`);
  process.exit(1);
}
writeFileSync(
  file,
  `import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {}

export async function down(knex: Knex): Promise<void> {}
`,
);
console.log(path.relative(process.cwd(), file));
