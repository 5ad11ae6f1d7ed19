// Benchmarks: each figure is a ratio against a baseline measured in the same process and run, so that the
// machine's speed cancels out. Run with `npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createLogger, createServices, createUser, loadConfig, migrateLatest, openDatabase } from "@forgehire/services";
import { startServer } from "@forgehire/server";

interface Result {
  name: string;
  perSecond: number;
  p50: number;
  p95: number;
}

async function measure(name: string, iterations: number, run: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < Math.min(20, iterations); i++) await run();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return { name, perSecond: (iterations / elapsed) * 1000, p50: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-bench-"));
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "100000" });
const database = await openDatabase({ pglite: new PGlite() });
const services = await createServices(config, createLogger("silent"), database);
await migrateLatest(services.db);
await createUser(services, { email: "bench@example.test", password: "bench-pass", firstName: "B", lastName: "Ench", userType: "client" });
const server = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });

const login = () =>
  fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.test", password: "bench-pass" }),
  });
const cookie = (await login()).headers.get("set-cookie")!.split(";")[0]!;

const heapBefore = process.memoryUsage().heapUsed;
const baseline = await measure("GET /healthz (baseline: no session, no database)", 500, () => fetch(`${server.url}/healthz`).then((r) => r.text()));
const results = [
  await measure("GET /api/auth/me (session + user from the database)", 500, () =>
    fetch(`${server.url}/api/auth/me`, { headers: { cookie } }).then((r) => r.text()),
  ),
  await measure("GET /api/admin/users as non-admin (403 path)", 500, () =>
    fetch(`${server.url}/api/admin/users`, { headers: { cookie } }).then((r) => r.text()),
  ),
  await measure("POST /api/auth/login (argon2id verify + session rotation)", 20, () => login().then((r) => r.text())),
];
const heapAfter = process.memoryUsage().heapUsed;

console.log(`\n${"benchmark".padEnd(62)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"× baseline time".padStart(16)}`);
for (const r of [baseline, ...results]) {
  const ratio = baseline.perSecond / r.perSecond;
  console.log(`${r.name.padEnd(62)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)} ${ratio.toFixed(2).padStart(16)}`);
}
console.log(`\nheap growth over the run: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB`);

await server.stop();
rmSync(dataDir, { recursive: true, force: true });
