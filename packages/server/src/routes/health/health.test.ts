import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPGlite, migrateLatest, openDatabase, pendingMigrations, rollback } from "@forgehire/services";
import { migrationNames, migrationSource } from "../../../../../migrations/index.js";
import { buildClient } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/**
 * A test server with one session made: the session store checks its table once at start, and that check must be
 * over before the schema is rolled back or the database closed.
 */
async function startSettledServer(): Promise<TestServer> {
  const server = await startTestServer();
  await buildClient(server);
  return server;
}

describe("/healthz and /readyz", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startSettledServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("/healthz answers 200 {ok:true}", async () => {
    await server.agent().get("/healthz").expect(200, { ok: true });
  });

  it("/readyz answers 200 while migrations are current, 503 while any is pending, and 200 again once migrated", async () => {
    const ready = await server.agent().get("/readyz").expect(200);
    expect(ready.body).toMatchObject({ ok: true, database: server.services.database.kind });

    const undone = await rollback(server.services.db);
    expect(undone.length).toBeGreaterThan(0);
    const pending = await server.agent().get("/readyz").expect(503);
    expect(pending.body).toMatchObject({ ok: false, reason: "migrations pending" });
    expect([...pending.body.pending].sort()).toEqual([...undone].sort());
    // knex's own account, which loads every migration: the one-statement check must agree with it.
    const [, knexPending] = (await server.services.db.migrate.list({ migrationSource })) as [unknown, Array<{ name: string }>];
    expect(pending.body.pending).toEqual(knexPending.map((migration) => migration.name));

    await migrateLatest(server.services.db);
    await server.agent().get("/readyz").expect(200);
  });
});

it("a database never migrated has every migration of the folder pending, in the order they apply", async () => {
  const database = await openDatabase({ pglite: await createPGlite() });
  try {
    expect(await pendingMigrations(database.knex)).toEqual(migrationNames);
  } finally {
    await database.close();
  }
});

describe("/readyz with a closed database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startSettledServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 503 database unavailable while /healthz still answers 200", async () => {
    await server.services.database.close();
    const res = await server.agent().get("/readyz").expect(503);
    expect(res.body).toEqual({ ok: false, reason: "database unavailable" });
    await server.agent().get("/healthz").expect(200, { ok: true });
  });
});
