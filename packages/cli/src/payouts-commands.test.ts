import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirCopy, forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(async () => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-payouts-");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("forgehire payouts:list", () => {
  it("[payout-10] lists the demo's paid payout with freelancer, job, amount and status (text and --json); a bad status is exit 2; the ledger verifies", async () => {
    const listed = await forgehire("payouts:list", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<{ freelancerName: string; jobTitle: string; amountCents: number; status: string }>;
    expect(rows).toEqual([expect.objectContaining({ freelancerName: "Atlas Bot", status: "paid", jobTitle: "Customer Support Chatbot" })]);
    expect(rows[0]!.amountCents).toBeGreaterThan(0);

    const text = await forgehire("payouts:list", "--status", "paid");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("Atlas Bot");
    expect(text.stdout).toContain(`$${(rows[0]!.amountCents / 100).toFixed(2)}`);
    expect((await forgehire("payouts:list", "--status", "failed")).stdout).toContain("No payouts.");
    expect((await forgehire("payouts:list", "--status", "lost")).code).toBe(2);

    const verified = await forgehire("ledger:verify");
    expect(verified.code, verified.stdout).toBe(0);
  });
});
