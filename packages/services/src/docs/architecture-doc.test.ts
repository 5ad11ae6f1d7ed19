import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { architectureMarkdown, architectureProblems } from "./architecture.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

describe("docs/architecture.md", () => {
  it("[house-1] is the file the code generates (npm run docs:architecture)", () => {
    const file = readFileSync(new URL("docs/architecture.md", `file://${root}`), "utf8");
    expect(file, "docs/architecture.md is out of date: run npm run docs:architecture").toBe(architectureMarkdown(root));
  });

  it("[house-2] every layer imports only the layers below it, every folder and middleware is described, every step of the walk names code that exists", () => {
    expect(architectureProblems(root)).toEqual([]);
  });
});
