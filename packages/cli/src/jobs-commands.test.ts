import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-cli-jobs-"));
  const seeded = await forgehire("db:seed");
  expect(seeded.stdout).toContain("admin@forgehire.local");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("forgehire jobs commands", () => {
  it("jobs:list shows the demo jobs newest first, and --status narrows them", async () => {
    const all = await forgehire("jobs:list");
    expect(all.code).toBe(0);
    const titles = all.stdout.split("\n").slice(1, 7).map((line) => line.split(/\s{2,}/)[1]);
    expect(titles[0]).toBe("Fitness Coaching Portal");
    expect(titles[5]).toBe("Bakery Landing Page");
    const unpaid = await forgehire("jobs:list", "--status", "unpaid");
    expect(unpaid.stdout).toContain("Real Estate Listings Site");
    expect(unpaid.stdout).not.toContain("Fitness Coaching Portal");
  });

  it("jobs:breakdown runs the rules engine, prints plain lines without a terminal, and refuses a second run", async () => {
    const result = await forgehire("jobs:breakdown", "1", "--engine", "rules");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created \d+ stories \(rules\)\./);
    expect(result.stdout).toContain("Project Setup [high]");
    const again = await forgehire("jobs:breakdown", "1", "--engine", "rules");
    expect(again.code).toBe(5);
    expect(again.stderr).toContain("Stories and tasks already exist for this job.");
  });

  it("jobs:breakdown --engine ai says clearly that no AI is configured", async () => {
    const result = await forgehire("jobs:breakdown", "1", "--engine", "ai");
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("No AI is configured");
  });

  it("jobs:show prints the requirements, stories and tasks", async () => {
    const result = await forgehire("jobs:show", "2");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Pet Supplies Online Store");
    expect(result.stdout).toContain("Question #1: How many products will the store carry? — About 100 at launch.");
    expect(result.stdout).toContain("Payment Processing [high]");
  });

  it("jobs:lock locks as an admin, and jobs:start starts a paid job as the named freelancer", async () => {
    expect((await forgehire("jobs:lock", "1")).stdout).toContain('Locked job 1 "Bakery Landing Page".');
    const started = await forgehire("jobs:start", "3", "--freelancer", "nova@forgehire.local");
    expect(started.stdout).toContain('Job 3 "Clinic Appointment App" is in progress.');
    const unpaid = await forgehire("jobs:start", "2", "--freelancer", "nova@forgehire.local");
    expect(unpaid.code).toBe(5);
    expect(unpaid.stderr).toContain("Payment must be completed before the project can be started.");
    const client = await forgehire("jobs:start", "1", "--freelancer", "alice@forgehire.local");
    expect(client.code).toBe(3);
  });

  it("answers an invalid job id with exit code 2", async () => {
    const result = await forgehire("jobs:show", "abc");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Invalid job ID");
  });
});
