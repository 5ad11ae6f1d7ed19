#!/usr/bin/env node
// npm run docs:lifecycle: writes docs/lifecycle.md from the lifecycle's declaration (packages/core/src/lifecycle).
// Run under tsx, which loads core's TypeScript sources as they are.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lifecycleMarkdown } from "@forgehire/core";

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "lifecycle.md");
writeFileSync(file, lifecycleMarkdown());
console.log(path.relative(process.cwd(), file));
