// npm run docs:lifecycle: writes docs/lifecycle.md from the lifecycle's declaration (packages/core/src/lifecycle).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lifecycleMarkdown } from "../packages/core/src/lifecycle/diagram.js";

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "lifecycle.md");
writeFileSync(file, lifecycleMarkdown());
console.log(path.relative(process.cwd(), file));
