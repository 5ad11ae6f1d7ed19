import { request, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createLogger, createServices, loadConfig } from "@forgehire/services";
import { openTestDatabase } from "@forgehire/services/testing";
import { startServer, type RunningServer } from "./server.js";

let running: RunningServer | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-stop-"));
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the error code of a TCP connection attempt, or "connected". */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

it("[proof-4] graceful shutdown finishes a request provably in flight, refuses new connections, then closes the database", async () => {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    AUTH_RATE_LIMIT: "1000",
    PUBLIC_URL: "http://forgehire.test",
  });
  const services = await createServices(config, createLogger(config.logLevel), await openTestDatabase());
  running = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });
  const port = Number(new URL(running.url).port);
  const account = { email: "stopping@example.test", password: "secret-pass", firstName: "Stop", lastName: "Ping", userType: "client" };
  const signup = await fetch(`${running.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  expect(signup.status).toBe(201);

  // A login whose body is only half sent: once the server's 'request' event has fired it holds the request, and it
  // cannot answer before the test sends the rest. That is an in-flight request, with no guess about timing.
  const body = JSON.stringify({ email: account.email, password: account.password });
  const received = once(running.server, "request");
  const login = request(`${running.url}/api/auth/login`, {
    method: "POST",
    agent: false,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    login.once("response", (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    login.once("error", reject);
  });
  login.write(body.slice(0, 10));
  await received;

  let stopDone = false;
  const stopped = running.stop().then(() => {
    stopDone = true;
  });
  // The listening socket closes at once: a new connection is refused while the old request is still being served.
  expect(await tryConnect(port)).toBe("ECONNREFUSED");
  expect(stopDone).toBe(false);

  login.end(body.slice(10));
  const answer = await answered;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text).user.email).toBe(account.email);

  await stopped;
  // The database went last: the login above could still read it, and now it is closed.
  await expect(services.db.raw("select 1")).rejects.toThrow();
  running = undefined;
});
