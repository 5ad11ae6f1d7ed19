import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError } from "./errors.js";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailableError", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a reset connection", withCode("ECONNRESET")],
    ["a terminated backend (57P01 admin shutdown)", withCode("57P01", "terminating connection due to administrator command")],
    ["a server starting up (57P03)", withCode("57P03")],
    ["a connection exception (08006)", withCode("08006")],
    ["pg's lost connection", new Error("Connection terminated unexpectedly")],
    ["pg's connect timeout", new Error("Connection terminated due to connection timeout")],
    ["knex giving up on the pool", Object.assign(new Error("Knex: Timeout acquiring a connection. The pool is probably full."), { name: "KnexTimeoutError" })],
    ["a host with several addresses, all refused", new AggregateError([withCode("ECONNREFUSED")])],
    ["a wrapped cause", new Error("query failed", { cause: withCode("ECONNRESET") })],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a query's own timeout", Object.assign(new Error("Defined query timeout of 100ms exceeded when running query."), { name: "KnexTimeoutError" })],
    ["a plain error", new Error("nope")],
    ["not an error at all", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});
