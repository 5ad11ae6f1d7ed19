import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type SharedPGlite } from "@forgehire/services";

// The server's embedded database shared over a socket (what the CLI uses while `forgehire serve` runs): the
// server's own knex and each socket client must never run inside one another's transaction.
let dataDir: string;
let database: Database;
let shared: SharedPGlite;

const client = async () => {
  const c = new pg.Client({ host: shared.address.host, port: shared.address.port, user: "postgres", database: "postgres" });
  await c.connect();
  return c;
};
const names = async () => (await database.knex("probe").orderBy("name").pluck("name")) as string[];

/** Settles a promise into a flag the test can read while it is pending. */
function track<T>(promise: Promise<T>) {
  const state = { done: false, value: undefined as T | undefined };
  const settled = promise.then((value) => {
    state.done = true;
    state.value = value;
    return value;
  });
  return { state, settled };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-shared-"));
  database = await openDatabase({ dataDir });
  await database.knex.schema.createTable("probe", (t) => t.text("name").primary());
  shared = await database.share!();
});
beforeEach(async () => {
  await database.knex("probe").delete();
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded database shared with the CLI", () => {
  it("a socket client's statements wait for the server's open transaction: they neither see its rows nor are rolled back with it", async () => {
    const other = await client();
    try {
      let insert: ReturnType<typeof track<unknown>> | undefined;
      let seen: ReturnType<typeof track<pg.QueryResult>> | undefined;
      await database.knex
        .transaction(async (trx) => {
          await trx("probe").insert({ name: "server-uncommitted" });
          seen = track(other.query("select count(*)::int as n from probe where name = 'server-uncommitted'"));
          insert = track(other.query("insert into probe (name) values ('cli')"));
          // Many round trips inside the transaction, each giving the socket client its chance to slip in.
          for (let i = 0; i < 50; i++) {
            // PGlite answers without an I/O turn: yield one, so the socket's bytes are read.
            await new Promise((resolve) => setImmediate(resolve));
            await trx.raw("select 1");
            expect(seen.state.done || insert.state.done, `socket client ran inside the transaction (round ${i})`).toBe(false);
          }
          throw new Error("roll back");
        })
        .catch((error: Error) => expect(error.message).toBe("roll back"));
      expect((await seen!.settled).rows[0]).toEqual({ n: 0 });
      await insert!.settled;
      expect(await names()).toEqual(["cli"]);
    } finally {
      await other.end();
    }
  });

  it("the server's statements wait for a socket client's transaction: they are not swallowed by its rollback", async () => {
    const other = await client();
    try {
      await other.query("begin");
      await other.query("insert into probe (name) values ('cli-uncommitted')");
      const serverInsert = track(database.knex("probe").insert({ name: "server" }));
      for (let i = 0; i < 50; i++) {
        const { rows } = await other.query<{ n: number }>("select count(*)::int as n from probe where name = 'server'");
        expect(rows[0]!.n, `server statement ran inside the client's transaction (round ${i})`).toBe(0);
        expect(serverInsert.state.done).toBe(false);
      }
      await other.query("rollback");
      await serverInsert.settled;
      expect(await names()).toEqual(["server"]);
    } finally {
      await other.end();
    }
  });

  it("two socket clients' transactions do not mix", async () => {
    const [a, b] = [await client(), await client()];
    try {
      await a.query("begin");
      await a.query("insert into probe (name) values ('a')");
      const bInsert = track(b.query("insert into probe (name) values ('b')"));
      for (let i = 0; i < 20; i++) {
        await a.query("select 1");
        expect(bInsert.state.done).toBe(false);
      }
      await a.query("rollback");
      await bInsert.settled;
      expect(await names()).toEqual(["b"]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it("a client that disconnects inside a transaction leaves nothing open behind it", async () => {
    const other = await client();
    other.on("error", () => undefined);
    await other.query("begin");
    await other.query("insert into probe (name) values ('abandoned')");
    const serverInsert = track(database.knex("probe").insert({ name: "after" }));
    other.connection.stream.destroy();
    await serverInsert.settled;
    expect(await names()).toEqual(["after"]);
    await other.end().catch(() => undefined);
  });
});
