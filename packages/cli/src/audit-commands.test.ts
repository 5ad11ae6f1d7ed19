import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirCopy, forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(() => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-audit-");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Entry {
  actorId: string;
  actorName: string;
  via: string;
  action: string;
  resource: string;
  recordId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

describe("forgehire audit:list", () => {
  it("[audit-4] an operator's disable and retype are audited as the CLI's, listed by record, actor and face, as text or JSON", async () => {
    const shown = await forgehire("users:show", "bruno@forgehire.local", "--json");
    expect(shown.code, shown.stderr).toBe(0);
    const bruno = JSON.parse(shown.stdout) as { id: string };

    expect((await forgehire("users:disable", "bruno@forgehire.local")).code).toBe(0);
    expect((await forgehire("users:set-type", "bruno@forgehire.local", "freelancer")).code).toBe(0);

    const listed = await forgehire("audit:list", "--resource", "users", "--record", bruno.id, "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const entries = JSON.parse(listed.stdout) as Entry[];
    expect(entries.map((entry) => entry.action)).toEqual(["users.set-type", "users.disable"]);
    expect(entries[1]).toMatchObject({ via: "cli", resource: "users", recordId: bruno.id, before: { disabled: false }, after: { disabled: true } });
    expect(entries[0]).toMatchObject({ via: "cli", before: { userType: "client" }, after: { userType: "freelancer" } });
    expect(entries[0]!.actorName).not.toBe("");

    const byActor = JSON.parse((await forgehire("audit:list", "--actor", "admin@forgehire.local", "--via", "cli", "--json")).stdout) as Entry[];
    expect(byActor.map((entry) => entry.recordId)).toEqual([bruno.id, bruno.id]);
    expect(JSON.parse((await forgehire("audit:list", "--via", "system", "--json")).stdout)).toEqual([]);

    const text = await forgehire("audit:list", "--record", bruno.id, "--resource", "users");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("users.disable");
    expect(text.stdout).toContain("disabled: false → true");
    expect(text.stdout).toContain("(cli)");
  });

  it("[audit-1] an operator's review hide is audited with the reason, through the CLI", async () => {
    const reviews = JSON.parse((await forgehire("reviews:list", "--json")).stdout) as Array<{ id: string; hidden: boolean; published: boolean }>;
    const target = reviews.find((review) => review.published && !review.hidden)!;
    expect((await forgehire("reviews:hide", target.id, "--reason", "Off-topic")).code).toBe(0);
    const entries = JSON.parse((await forgehire("audit:list", "--resource", "reviews", "--record", target.id, "--json")).stdout) as Entry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "reviews.hide", via: "cli", before: { hiddenReason: null }, after: { hiddenReason: "Off-topic" } });
  });

  it("[audit-4] a bad filter is one line and exit 2", async () => {
    const bad = await forgehire("audit:list", "--via", "portal");
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
