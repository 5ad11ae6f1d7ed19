import { expect, it } from "vitest";
import { SessionLock } from "./shared-pglite.js";

it("hands the session over one turn of the event loop at a time, in the order it was asked for (issue 13)", async () => {
  const lock = new SessionLock();
  const order: string[] = [];
  // Units of work that never wait for I/O, as PGlite's statements: granted as promises, they all ran before anything
  // the event loop had waiting (a request to read, a connection to accept).
  const use = async (name: string) => {
    await lock.acquire(name);
    order.push(name);
    lock.release(name);
  };
  const users = Promise.all(["a", "b", "c", "d"].map(use));
  setImmediate(() => order.push("io"));
  await users;
  expect(order).toEqual(["a", "io", "b", "c", "d"]);
});

it("lets no one overtake a waiter while the session is handed over", async () => {
  const lock = new SessionLock();
  await lock.acquire("first");
  const second = lock.acquire("second");
  lock.release("first");
  expect(lock.holds("second")).toBe(true);
  const third = lock.acquire("third");
  await second;
  expect(lock.holds("second")).toBe(true);
  lock.release("second");
  await third;
  expect(lock.holds("third")).toBe(true);
});
