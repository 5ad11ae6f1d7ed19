import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "@forgehire/services";
import { createListenerPool } from "./postgres-adapter.js";

// The adapter's LISTEN client on a real PostgreSQL connection, killed from outside. PGlite has no connections.
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)("the Postgres adapter's LISTEN client (PostgreSQL only: skipped without TEST_DATABASE_URL)", () => {
  const pools: pg.Pool[] = [];
  const newPool = () => {
    const pool = new pg.Pool({ connectionString: base, max: 3 });
    pool.on("error", () => undefined);
    pools.push(pool);
    return pool;
  };
  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    await admin.end();
  };
  const backendAlive = async (pid: number) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const { rowCount } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]);
    await admin.end();
    return rowCount === 1;
  };
  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.end();
  });

  it("[fault-1] survives pg_terminate_backend of the LISTEN connection and gives the dead client back to the pool", async () => {
    const pool = newPool();
    const client = await createListenerPool(pool, createLogger("silent")).connect();
    await client.query('LISTEN "forgehire_test"');
    expect(pool.totalCount).toBe(1);
    const ended = new Promise((resolve) => client.once("end", resolve));
    await terminate((client as unknown as { processID: number }).processID);
    await ended;
    // Dropped, not counted as busy for ever: the adapter's next LISTEN and its publishes still find connections.
    expect(pool.totalCount).toBe(0);
    expect(pool.idleCount).toBe(0);
  });

  it("retires a LISTEN client still held when the adapter asks for another, so no event is heard twice", async () => {
    const pool = newPool();
    const listeners = createListenerPool(pool, createLogger("silent"));
    const first = await listeners.connect();
    const heardByFirst: unknown[] = [];
    first.on("notification", (message) => heardByFirst.push(message));
    await first.query('LISTEN "forgehire_test"');
    const firstPid = (first as unknown as { processID: number }).processID;

    const second = await listeners.connect();
    await second.query('LISTEN "forgehire_test"');
    const heard = new Promise((resolve) => second.once("notification", resolve));
    await pool.query("SELECT pg_notify('forgehire_test', 'once')");
    const message = await heard;
    second.release();
    expect(message).toMatchObject({ payload: "once" });
    expect(heardByFirst).toEqual([]);
    // Its connection is closed, not merely ignored (the close reaches the server a moment later: polled, bounded).
    const started = performance.now();
    while ((await backendAlive(firstPid)) && performance.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await backendAlive(firstPid)).toBe(false);
  });
});
