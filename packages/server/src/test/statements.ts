import type { TestServer } from "./test-server.js";

/** The queue's own polling and upkeep, which runs on a timer whatever the requests do (its job inserts do count). */
const queueUpkeep = (sql: string) => /\bpgboss\./i.test(sql) && !/^\s*insert into pgboss\.job\b/i.test(sql);

/**
 * The SQL statements the server's database client ran while `work` ran, BEGIN and COMMIT included: what a request
 * costs in round trips (issue 13). What earlier requests left to do (background work, queued e-mails) is finished
 * first, and the queue's timed polling is left out, so that only `work`'s statements are seen; the realtime adapter's
 * publish has a connection of its own and is not counted.
 * @param server the test server
 * @param work the request(s) to measure
 * @returns the statements' SQL, in order
 */
export async function statementsDuring(server: TestServer, work: () => Promise<unknown>): Promise<string[]> {
  await server.services.settle();
  const seen: string[] = [];
  const listener = (query: { sql: string }) => {
    if (!queueUpkeep(query.sql)) seen.push(query.sql);
  };
  server.services.db.on("query", listener);
  try {
    await work();
  } finally {
    server.services.db.off("query", listener);
  }
  return seen;
}
