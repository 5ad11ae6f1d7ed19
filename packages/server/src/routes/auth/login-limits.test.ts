import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_LOGIN_FAILURE_LIMIT, ACCOUNT_LOGIN_WINDOW_MS } from "@forgehire/core";
import { recordReliability } from "@forgehire/services/testing";
import { createApp } from "../../app.js";
import { buildClient, DEFAULT_PASSWORD } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

// Behind a trusted proxy (the test client is on loopback) every X-Forwarded-For is a different client address,
// as an attacker rotating addresses would look.
let proxied: TestServer;
let second: Server;
let secondUrl: string;
// An https deployment that configured no proxy: the peer's own address is the key, whatever it claims.
let direct: TestServer;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestServer({ AUTH_RATE_LIMIT: "3", TRUST_PROXY: "loopback" }),
    startTestServer({ AUTH_RATE_LIMIT: "3", PUBLIC_URL: "https://forgehire.test" }),
  ]);
  // A second app on the same database, as a second server process would be.
  second = createServer(createApp(proxied.services, { serveWebApps: false, sessionCleanupIntervalMs: 0 }));
  await new Promise<void>((resolve) => second.listen(0, "127.0.0.1", resolve));
  secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  await proxied.services.db("rate_limit_hits").delete();
  await direct.services.db("rate_limit_hits").delete();
});
afterAll(async () => {
  await new Promise((resolve) => second?.close(resolve));
  await proxied?.stop();
  await direct?.stop();
});

let address = 0;
/** A new client address each call: 203.0.113.x, then 198.51.100.x. */
const nextAddress = () => {
  address += 1;
  return address < 250 ? `203.0.113.${address}` : `198.51.100.${address - 249}`;
};

const login = (url: string, email: string, password: string, from = nextAddress()) =>
  supertest(url).post("/api/auth/login").set("X-Forwarded-For", from).send({ email, password });

describe("per-account login limit", () => {
  it("[session-2] after 10 failures for one email from 10 addresses, the 11th attempt is refused with 429 whatever the address, the right password too, on every process, until the window passes", async () => {
    const user = await buildClient(proxied);
    for (let i = 0; i < ACCOUNT_LOGIN_FAILURE_LIMIT; i++) await login(proxied.url, user.user.email, "wrong-guess").expect(401);

    const refused = await login(proxied.url, user.user.email, DEFAULT_PASSWORD).expect(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(ACCOUNT_LOGIN_WINDOW_MS / 1000);
    await login(secondUrl, user.user.email.toUpperCase(), DEFAULT_PASSWORD).expect(429);
    // Another account is not affected.
    const other = await buildClient(proxied);
    await login(proxied.url, other.user.email, DEFAULT_PASSWORD).expect(200);

    const realNow = proxied.services.now;
    proxied.services.now = () => new Date(Date.now() + ACCOUNT_LOGIN_WINDOW_MS + 1000);
    try {
      await login(proxied.url, user.user.email, DEFAULT_PASSWORD).expect(200);
    } finally {
      proxied.services.now = realNow;
    }
  });

  it("[session-2] 30 guesses at once for one account check at most 10 passwords", async () => {
    const user = await buildClient(proxied);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i % 2 ? secondUrl : proxied.url, user.user.email, "wrong-guess")));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - ACCOUNT_LOGIN_FAILURE_LIMIT);
    recordReliability({ id: "session-2", metric: "concurrent guesses sent", value: 30, unit: "requests" });
    recordReliability({ id: "session-2", metric: "passwords checked", value: statuses.filter((s) => s === 401).length, unit: "requests" });
  });

  it("[session-2] limits an unknown email alike, so the answer does not tell which accounts exist", async () => {
    for (let i = 0; i < ACCOUNT_LOGIN_FAILURE_LIMIT; i++) await login(proxied.url, "nobody-here@example.test", "guess").expect(401);
    await login(proxied.url, "nobody-here@example.test", "guess").expect(429);
  });

  it("a successful login does not use the account's tries up", async () => {
    const user = await buildClient(proxied);
    for (let i = 0; i < ACCOUNT_LOGIN_FAILURE_LIMIT - 1; i++) await login(proxied.url, user.user.email, "wrong-guess").expect(401);
    for (let i = 0; i < 3; i++) await login(proxied.url, user.user.email, DEFAULT_PASSWORD).expect(200);
    await login(proxied.url, user.user.email, "wrong-guess").expect(401);
    await login(proxied.url, user.user.email, DEFAULT_PASSWORD).expect(429);
  });
});

describe("per-address limit and TRUST_PROXY", () => {
  it("[session-3] a spoofed X-Forwarded-For from a peer that is not a configured proxy does not change the rate-limit key", async () => {
    for (let i = 0; i < 3; i++) await login(direct.url, `spoof-${i}@example.test`, "guess").expect(401);
    const res = await login(direct.url, "spoof-3@example.test", "guess").expect(429);
    expect(res.body.error.code).toBe("RATE_LIMITED");
    recordReliability({ id: "session-3", metric: "spoofed addresses that escaped the limit", value: 0, unit: "requests" });
  });

  it("[session-3] behind a configured proxy, the client address it forwards is the key", async () => {
    for (let i = 0; i < 4; i++) await login(proxied.url, `fwd-${i}@example.test`, "guess").expect(401);
    for (let i = 0; i < 3; i++) await login(proxied.url, `same-${i}@example.test`, "guess", "192.0.2.10").expect(401);
    await login(proxied.url, "same-3@example.test", "guess", "192.0.2.10").expect(429);
  });
});
