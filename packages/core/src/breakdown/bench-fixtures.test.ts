import { describe, expect, it } from "vitest";
import * as benchFixtures from "@forgehire/core/bench-fixtures";
import * as core from "../index.js";

describe("the bench fixtures are an entry point of their own", () => {
  it("the package index exports none of them, so the faces do not carry them", () => {
    expect(Object.keys(benchFixtures).sort()).toEqual(["breakdownFixtures", "incompleteAiAnswer"]);
    for (const name of Object.keys(benchFixtures)) expect(core, name).not.toHaveProperty(name);
  });

  it("@forgehire/core/bench-fixtures gives the fixtures the benchmark and the AI completion tests run", () => {
    expect(benchFixtures.breakdownFixtures.length).toBeGreaterThan(0);
  });
});
