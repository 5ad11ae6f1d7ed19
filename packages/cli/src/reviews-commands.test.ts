import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirCopy, forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(() => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-reviews-");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("forgehire reviews:list and reviews:hide", () => {
  it("[reviews-12] lists the demo's reviews as an admin, hides one with a reason (a blank reason exits 2, a second hide is refused), the list shows it hidden", async () => {
    const listed = await forgehire("reviews:list", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const reviews = JSON.parse(listed.stdout) as Array<{ id: string; hidden: boolean; published: boolean; reply: string | null; role: string }>;
    expect(reviews).toHaveLength(4);
    expect(reviews.filter((r) => r.hidden)).toHaveLength(1);
    expect(reviews.filter((r) => !r.published)).toHaveLength(1);
    const target = reviews.find((r) => r.published && !r.hidden && r.role === "client")!;

    const blank = await forgehire("reviews:hide", target.id, "--reason", "  ");
    expect(blank.code).toBe(2);
    const hidden = await forgehire("reviews:hide", target.id, "--reason", "Off-topic", "--json");
    expect(hidden.code, hidden.stderr).toBe(0);
    expect(JSON.parse(hidden.stdout).review).toMatchObject({ id: target.id, hidden: true, hiddenReason: "Off-topic" });
    const again = await forgehire("reviews:hide", target.id, "--reason", "Again");
    expect(again.code).toBe(5);

    const text = await forgehire("reviews:list", "--hidden");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("hidden: Off-topic");
    expect(text.stdout).toContain("hidden: Shares a personal phone number.");
  });
});
