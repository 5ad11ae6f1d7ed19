import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../../../../bin/forgehire", import.meta.url));

/** `forgehire serve` running in a child process of its own, as an operator starts it. */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Whether the process is still running (it has neither exited nor been killed). */
  alive(): boolean;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a power cut or the OOM killer. */
  kill9(): Promise<void>;
  /** SIGTERM, then waits for the graceful exit. */
  stop(): Promise<void>;
}

/** A port nobody listens on now: the kernel picks it, then it is freed for the child. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts `bin/forgehire serve --no-demo --no-build` on a free port and waits until it announces it is serving.
 * @param env DATA_DIR and DATABASE_URL (empty for the embedded PGlite) and anything else to set
 * @returns the running process
 * @throws when the process exits, or is not serving within 60 s
 */
export async function spawnServer(env: { DATA_DIR: string; DATABASE_URL: string } & Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bin, "serve", "--no-demo", "--no-build", "--port", String(port)], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PUBLIC_URL: url,
      SESSION_SECRET: "test-secret-test-secret-test-secret",
      AUTH_RATE_LIMIT: "100000",
      // Tests sign in a few users and send many requests each; the limit has tests of its own.
      API_USER_RATE_LIMIT: "1000000",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (printed += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`forgehire serve was not ready within 60 s:\n${printed}`));
    }, 60_000);
    const watch = () => {
      // serve prints the portal's address once the server listens.
      if (printed.includes("Portal:")) {
        clearTimeout(timer);
        child.stdout!.off("data", watch);
        resolve();
      }
    };
    child.stdout!.on("data", watch);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`forgehire serve exited (${child.exitCode ?? child.signalCode}):\n${printed}`));
    });
  });

  return {
    url,
    port,
    child,
    alive,
    output: () => printed,
    async kill9() {
      if (alive()) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (alive()) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * Signs a new user up over HTTP and keeps their session cookie (sessions live in the database, so the cookie works
 * on every server process of that database).
 * @param url a server's base URL
 * @param userType client or freelancer
 */
export async function signUpOver(url: string, userType: "client" | "freelancer"): Promise<{ cookie: string; user: { id: string; email: string } }> {
  const email = `${userType}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const res = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "secret-pass", firstName: "Test", lastName: userType, userType }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, user: ((await res.json()) as { user: { id: string; email: string } }).user };
}

/** A JSON answer's body, read loosely: the tests pick the fields they check. */
type Json = Record<string, unknown>;

/**
 * Sends a JSON request with a session cookie.
 * @returns the status and the parsed body (undefined when empty)
 */
export async function callJson(url: string, cookie: string, method: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method,
    headers: { cookie, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
