import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withTemplateCopy } from "./test/postgres-admin.js";
import { afterAll, describe, expect, it, inject } from "vitest";
import { recordReliability } from "@forgehire/services/testing";
import { callJson, signUpOver, spawnServer, type ServerProcess } from "./test/server-process.js";
import { jobBody } from "./test/factories.js";

// kill -9 of a real `forgehire serve` while clients write: a write the server acknowledged (2xx) was committed
// before the answer, so it must be there when the server starts again on the same data. On the embedded PGlite
// (its files in DATA_DIR) and, with TEST_DATABASE_URL, on PostgreSQL.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

const WRITERS = 4;
/** The load stops by itself at this many attempts or this long, killed or not. */
const MAX_ATTEMPTS = 2_000;
const MAX_LOAD_MS = 30_000;
/** Acknowledged writes to see before the kill, so it lands mid-load. */
const KILL_AFTER = 40;

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts a server, has WRITERS clients post jobs, SIGKILLs it once KILL_AFTER were acknowledged, starts it again on
 * the same data and checks each acknowledged job; records and asserts the number lost.
 * @param databaseUrl PostgreSQL, or "" for the embedded PGlite in a fresh DATA_DIR
 */
async function killMidLoadAndCount(databaseUrl: string): Promise<{ acknowledged: number; lost: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-kill9-"));
  dirs.push(dataDir);
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const first = await spawnServer(env);
  servers.push(first);
  const client = await signUpOver(first.url, "client");

  const acknowledged: number[] = [];
  let attempts = 0;
  let killed = false;
  let reachedKillPoint: () => void = () => undefined;
  const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
  const started = performance.now();
  const writer = async () => {
    while (!killed && attempts < MAX_ATTEMPTS && performance.now() - started < MAX_LOAD_MS) {
      attempts++;
      try {
        const res = await callJson(`${first.url}/api/jobs`, client.cookie, "POST", jobBody());
        if (res.status >= 200 && res.status < 300) acknowledged.push((res.body.job as { id: number }).id);
        else if (!killed) throw new Error(`a write answered ${res.status}: ${JSON.stringify(res.body)}`);
      } catch (error) {
        // The connection the kill cut: that write was never acknowledged, so it may or may not be there.
        if (killed) return;
        throw error;
      }
      if (acknowledged.length >= KILL_AFTER) reachedKillPoint();
    }
  };
  const load = Promise.all(Array.from({ length: WRITERS }, writer));
  await Promise.race([killPoint, load]);
  killed = true;
  await first.kill9();
  await load;
  expect(first.child.signalCode).toBe("SIGKILL");
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

  // Same data, new process; the session was stored in the database too.
  const second = await spawnServer(env);
  servers.push(second);
  let lost = 0;
  for (const id of acknowledged) {
    const res = await callJson(`${second.url}/api/jobs/${id}`, client.cookie, "GET");
    if (res.status !== 200) lost++;
  }
  process.stdout.write(`fault-3: ${acknowledged.length} of ${attempts} writes acknowledged before kill -9, ${lost} lost\n`);
  recordReliability({ id: "fault-3", metric: "acknowledged writes lost", value: lost, unit: "writes" });
  expect(lost).toBe(0);
  // And the owner's list counts them all: nothing is only half there.
  const mine = await callJson(`${second.url}/api/jobs/mine?perPage=1`, client.cookie, "GET");
  expect(mine.status).toBe(200);
  expect(mine.body.total).toBeGreaterThanOrEqual(acknowledged.length);
  await second.stop();
  return { acknowledged: acknowledged.length, lost };
}

describe("kill -9 under a write load", () => {
  it("[fault-3] loses no acknowledged write on the embedded PGlite", async () => {
    expect((await killMidLoadAndCount("")).lost).toBe(0);
  }, 120_000);

  it.skipIf(!base || !template)(
    "[fault-3] loses no acknowledged write on PostgreSQL (skipped without TEST_DATABASE_URL)",
    async () => {
      expect((await withTemplateCopy(template!, killMidLoadAndCount)).lost).toBe(0);
    },
    120_000,
  );
});
