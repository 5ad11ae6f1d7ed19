import { afterAll, expect, it } from "vitest";
import type { SessionData } from "express-session";
import { openTestDatabase } from "@forgehire/services/testing";
import { KnexSessionStore } from "./session-store.js";

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on("unhandledRejection", onUnhandled);
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

/** Resolves with what the store passed to its callback. */
const callbackOf = (call: (callback: (err?: unknown) => void) => unknown) =>
  new Promise<unknown>((resolve) => {
    void call((err) => resolve(err ?? "no error"));
  });

it("reports a lost database once, through the callback, for every method; touch too, so the response can end", async () => {
  const database = await openTestDatabase();
  const store = new KnexSessionStore({ knex: database.knex, tableName: "sessions", createTable: false, cleanupInterval: 0 });
  await store.ready;
  const session = { cookie: { expires: new Date(Date.now() + 60_000), originalMaxAge: 60_000 } } as unknown as SessionData;
  expect(await callbackOf((done) => store.set("sid-1", session, done))).toBe("no error");
  expect(await callbackOf((done) => store.touch("sid-1", session, done))).toBe("no error");

  await database.close();

  for (const call of [
    (done: (err?: unknown) => void) => store.get("sid-1", done),
    (done: (err?: unknown) => void) => store.set("sid-1", session, done),
    (done: (err?: unknown) => void) => store.touch("sid-1", session, done),
    (done: (err?: unknown) => void) => store.destroy("sid-1", done),
    (done: (err?: unknown) => void) => store.length(done),
    (done: (err?: unknown) => void) => store.all(done),
  ]) {
    expect(await callbackOf(call)).toBeInstanceOf(Error);
  }
  // Rejections surface a turn after the callbacks; give them that turn before looking.
  await new Promise((resolve) => setImmediate(resolve));
  expect(unhandled).toEqual([]);
});
