import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateLatest, pendingMigrations, rollback } from "@forgehire/services";
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
    expect(await pendingMigrations(server.services.db)).toEqual(pending.body.pending);

    await migrateLatest(server.services.db);
    await server.agent().get("/readyz").expect(200);
  });
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
