#!/usr/bin/env node
// npm run docs:architecture: writes docs/architecture.md from the code (packages/services/src/docs/architecture.ts).
// Run under tsx, which loads the TypeScript source as it is. Exits 1 naming each place the code and the generator's
// descriptions disagree (a new folder nobody described, a middleware nobody explained, an import across layers).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { architectureMarkdown, architectureProblems } from "../packages/services/src/docs/architecture.ts";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(root, "docs", "architecture.md");
writeFileSync(file, architectureMarkdown(root));
console.log(path.relative(process.cwd(), file));
const problems = architectureProblems(root);
for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);
