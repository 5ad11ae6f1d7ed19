import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lifecycleMarkdown } from "@forgehire/core";

describe("docs/lifecycle.md", () => {
  it("[delivery-13] is the file the lifecycle's declaration generates (npm run docs:lifecycle)", () => {
    const file = readFileSync(new URL("../../../../docs/lifecycle.md", import.meta.url), "utf8");
    expect(file, "docs/lifecycle.md is out of date: run npm run docs:lifecycle").toBe(lifecycleMarkdown());
  });
});
