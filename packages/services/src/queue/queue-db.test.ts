import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database.js";
import { knexBossDb } from "./queue.js";

describe("the queue's database adapter", () => {
  it("runs pg-boss's statements on the database's own pool", async () => {
    const database = await openTestDatabase();
    try {
      const result = await knexBossDb(database.knex).executeSql("select $1::int + 1 as n", [41]);
      expect(result.rows).toEqual([{ n: 42 }]);
    } finally {
      await database.close();
    }
  });

  it("answers a handler's late report after shutdown closed the database as a command that changed nothing, never a rejection nobody awaits", async () => {
    const database = await openTestDatabase();
    const adapter = knexBossDb(database.knex);
    await database.close();
    await expect(adapter.executeSql("update pgboss.job set state = 'failed' where id = any($1)", [[]])).resolves.toEqual({ rows: [{ count: 0 }] });
  });
});
