import { chmodSync, existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningTcpPorts, recordReliability } from "@forgehire/services/testing";
import { exitCodes } from "./exit-codes.js";
import { forgehireIn, forgehireInput, startServe } from "./run-cli.test-support.js";

// An operator never has to stop the site: every command here runs while `forgehire serve` holds the embedded
// database, and reaches it through the socket the server shares. DATA_DIR's path is too long for a unix socket
// (≥ 100 characters, made by serve itself), so the socket is in a private directory of its own.
const DATA_DIR_LENGTH = 110;
let scratch: string;
let dataDir: string;
let socketDir: string | undefined;
let server: Awaited<ReturnType<typeof startServe>>;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);
const json = <T>(result: { code: number; stdout: string; stderr: string }): T => {
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
};
const login = (email: string, password: string) =>
  fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });

const job = (title: string) => ({ title, description: "A site made by the CLI for a scripted seed.", industry: "Others", scope: 199 });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "forgehire-serve-"));
  dataDir = path.join(scratch, "d".repeat(DATA_DIR_LENGTH - scratch.length - 1));
  server = await startServe(dataDir);
}, 120_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  // The server's socket directory goes with it.
  if (socketDir) expect(existsSync(socketDir)).toBe(false);
  rmSync(scratch, { recursive: true, force: true });
});

// Each command is a process of its own (~2-7 s on a busy machine): tests that run several get room.
describe("the CLI while `forgehire serve` runs on the embedded database", { timeout: 300_000 }, () => {
  it(`[trust-1] with a DATA_DIR of ${DATA_DIR_LENGTH} characters, the database is shared in a private directory, and serve listens on no TCP port but its HTTP one`, async () => {
    expect(dataDir.length).toBe(DATA_DIR_LENGTH);
    const published = JSON.parse(readFileSync(path.join(dataDir, "forgehire.socket.json"), "utf8")) as { pid: number; host: string; port: number };
    expect(published.pid).toBe(server.child.pid);
    socketDir = published.host;
    expect(path.isAbsolute(socketDir) && !socketDir.startsWith(dataDir)).toBe(true);
    const dir = lstatSync(socketDir);
    expect({ directory: dir.isDirectory(), uid: dir.uid, mode: dir.mode & 0o777 }).toEqual({ directory: true, uid: process.getuid!(), mode: 0o700 });
    expect(lstatSync(path.join(socketDir, `.s.PGSQL.${published.port}`)).isSocket()).toBe(true);

    const httpPort = Number(new URL(server.url).port);
    const ports = listeningTcpPorts(server.child.pid!);
    recordReliability({
      id: "trust-1",
      metric: "TCP ports opened to share the database",
      value: ports.filter((port) => port !== httpPort).length,
      unit: "ports",
    });
    expect(ports).toEqual([httpPort]);
    // …and the CLI reaches the database through it (every test below does).
    const users = json<unknown[]>(await forgehire("users:list", "--json"));
    expect(users.length).toBe(6);
  });

  it("[trust-2] a CLI command refuses a DATA_DIR open to others (chmod 0755), the running server's too, saying how to fix it", async () => {
    chmodSync(dataDir, 0o755);
    try {
      const refused = await forgehire("users:list", "--json");
      expect(refused.code).toBe(exitCodes.usage);
      expect(refused.stdout).toBe("");
      expect(refused.stderr.trim()).toBe(
        `forgehire: data directory "${dataDir}" has invalid permissions (0755); it must be u=rwx (0700), since it holds the embedded database, the session secret and the uploads. Fix it with: chmod 0700 "${dataDir}"`,
      );
    } finally {
      chmodSync(dataDir, 0o700);
    }
    expect((await forgehire("users:list", "--json")).code).toBe(0);
  });

  it("lists and shows accounts as JSON, and the server keeps answering", async () => {
    const users = json<Array<{ id: string; email: string; passwordHash?: string }>>(await forgehire("users:list", "--json", "--type", "client"));
    expect(users.map((u) => u.email).sort()).toEqual(["alice@forgehire.local", "bruno@forgehire.local"]);
    expect(users[0]!.passwordHash).toBeUndefined();
    const alice = users.find((u) => u.email === "alice@forgehire.local")!;
    expect(json<{ id: string; userType: string }>(await forgehire("users:show", alice.id, "--json"))).toMatchObject({ id: alice.id, userType: "client" });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const missing = await forgehire("users:show", "nobody@example.test");
    expect(missing.code).toBe(exitCodes.notFound);
    expect(missing.stderr.trim()).toBe("forgehire: No account nobody@example.test");
  });

  it("users:disable ends the account's access on the running server; users:enable restores it", async () => {
    expect((await login("bruno@forgehire.local", "client-demo")).status).toBe(200);
    const disabled = await forgehire("users:disable", "bruno@forgehire.local");
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toMatch(/^Disabled bruno@forgehire\.local/);
    const refused = await login("bruno@forgehire.local", "client-demo");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("ACCOUNT_DISABLED");
    const self = await forgehire("users:disable", "admin@forgehire.local");
    expect(self.code).toBe(exitCodes.conflict);
    expect((await forgehire("users:enable", "bruno@forgehire.local")).code).toBe(0);
    expect((await login("bruno@forgehire.local", "client-demo")).status).toBe(200);
  });

  it("users:send-reset sends a reset email, which emails:list --json shows (without the link)", async () => {
    const sent = await forgehire("users:send-reset", "alice@forgehire.local");
    expect(sent.code, sent.stderr).toBe(0);
    const emails = json<Array<{ to: string; kind: string; text: string }>>(await forgehire("emails:list", "--json", "--to", "alice@forgehire.local"));
    expect(emails[0]).toMatchObject({ to: "alice@forgehire.local", kind: "password_reset" });
    // The link itself goes to the mail server only: the outbox an operator reads holds no usable token.
    expect(emails[0]!.text).not.toMatch(/token=/);
  });

  it("jobs:create posts an array from a file and NDJSON from stdin, validated like POST /api/jobs", async () => {
    const file = path.join(dataDir, "jobs.json");
    writeFileSync(file, JSON.stringify([job("Seeded One"), { ...job("Seeded Two"), budget: 1 }]));
    const created = json<Array<{ id: number; title: string; budget: number }>>(
      await forgehire("jobs:create", "--file", file, "--as", "alice@forgehire.local", "--json"),
    );
    expect(created.map((j) => j.title)).toEqual(["Seeded One", "Seeded Two"]);
    // The budget is the server's price, never the one sent.
    expect(created[1]!.budget).toBe(199);

    const ndjson = `${JSON.stringify(job("Piped One"))}\n${JSON.stringify(job("Piped Two"))}\n`;
    const piped = await forgehireInput(dataDir, ndjson, "jobs:create", "--file", "-", "--as", "alice@forgehire.local");
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^Created job \d+ "Piped One" \(\$199\.00\)\.\nCreated job \d+ "Piped Two"/);

    // One invalid job refuses the whole batch before anything is posted.
    writeFileSync(file, JSON.stringify([job("Never Posted"), { ...job("Bad"), scope: 5 }]));
    const invalid = await forgehire("jobs:create", "--file", file);
    expect(invalid.code).toBe(exitCodes.usage);
    expect(invalid.stderr).toMatch(/^forgehire: Job #2: .*scope/);
    // A duplicate title is the use case's conflict: the other jobs are still posted (exit: partial).
    const again = await forgehireInput(
      dataDir,
      `${JSON.stringify(job("Piped One"))}\n${JSON.stringify(job("Piped Three"))}`,
      "jobs:create",
      "--file",
      "-",
      "--as",
      "alice@forgehire.local",
    );
    expect(again.code).toBe(exitCodes.partial);
    expect(again.stdout).toMatch(/Created job \d+ "Piped Three"/);
    expect(again.stderr).toContain('Job #1 "Piped One"');

    const titles = json<Array<{ title: string }>>(await forgehire("jobs:list", "--json", "--per-page", "100")).map((j) => j.title);
    expect(titles).toEqual(expect.arrayContaining(["Seeded One", "Seeded Two", "Piped One", "Piped Two", "Piped Three"]));
    expect(titles).not.toContain("Never Posted");
  });

  it("jobs:show --json, jobs:unlock, jobs:complete and jobs:delete act through the use cases", async () => {
    const shown = json<{ job: { id: number; title: string; locked: boolean }; stories: unknown[] }>(await forgehire("jobs:show", "2", "--json"));
    expect(shown.job).toMatchObject({ id: 2, title: "Pet Supplies Online Store", locked: true });
    expect((await forgehire("jobs:unlock", "2")).stdout).toBe('Unlocked job 2 "Pet Supplies Online Store".\n');
    expect((await forgehire("jobs:unlock", "2")).code).toBe(exitCodes.conflict);
    expect((await forgehire("jobs:complete", "4")).stdout).toBe('Job 4 "Customer Support Chatbot" is completed.\n');
    expect((await forgehire("jobs:complete", "1")).code).toBe(exitCodes.conflict);

    const unconfirmed = await forgehire("jobs:delete", "1");
    expect(unconfirmed.code).toBe(exitCodes.notConfirmed);
    expect(unconfirmed.stderr).toContain("pass --yes");
    expect((await forgehire("jobs:delete", "1", "--yes")).stdout).toBe('Deleted job 1 "Bakery Landing Page".\n');
    expect((await forgehire("jobs:show", "1")).code).toBe(exitCodes.notFound);
  });

  it("freelancers:list and freelancers:show, payments:list: JSON for scripts", async () => {
    const freelancers = json<Array<{ id: string; email: string }>>(await forgehire("freelancers:list", "--json", "--q", "nova"));
    expect(freelancers.map((f) => f.email)).toEqual(["nova@forgehire.local"]);
    const detail = json<{ freelancer: { id: string }; portfolios: unknown[] }>(await forgehire("freelancers:show", freelancers[0]!.id, "--json"));
    expect(detail.freelancer.id).toBe(freelancers[0]!.id);
    expect((await forgehire("freelancers:show", "not-an-id")).code).toBe(exitCodes.usage);
    const payments = json<unknown[]>(await forgehire("payments:list", "--json"));
    expect(Array.isArray(payments)).toBe(true);
    expect((await forgehire("payments:list", "--job", "x")).code).toBe(exitCodes.usage);
  });

  it("stats counts live jobs like the back office; users:set-type goes through the admin rules", async () => {
    const counters = json<Record<string, number>>(await forgehire("stats", "--json"));
    expect(Object.keys(counters).sort()).toEqual(
      ["completed", "disputedCents", "heldCents", "inProgress", "inReviewCents", "paid", "paymentDue", "total", "withCommunication", "withStories"].sort(),
    );
    expect(counters.total).toBeGreaterThanOrEqual(5);
    const text = await forgehire("stats");
    expect(text.stdout).toMatch(new RegExp(`^Jobs\\s+${counters.total}\n`));

    expect((await forgehire("users:set-type", "echo@forgehire.local", "admin")).stdout).toBe("echo@forgehire.local is now admin (admin).\n");
    expect((await forgehire("users:set-type", "echo@forgehire.local", "freelancer")).code).toBe(0);
    const unknown = await forgehire("users:set-type", "echo@forgehire.local", "boss");
    expect(unknown.code).toBe(exitCodes.usage);
    expect(unknown.stderr).toContain("Unknown user type");
  });

  it("admin:email sends to the job's poster; without a terminal a missing field is a usage error; emails:retry needs ids or --failed", async () => {
    const noTerminal = await forgehire("admin:email", "3", "--subject", "Hello");
    expect(noTerminal.code).toBe(exitCodes.usage);
    expect(noTerminal.stderr.trim()).toBe("forgehire: Missing --message (no terminal to ask on)");
    const blank = await forgehire("admin:email", "3", "--subject", " ", "--message", "Hi");
    expect(blank.code).toBe(exitCodes.usage);
    expect(blank.stderr).toContain("Please fill in all fields");

    const sent = await forgehire("admin:email", "3", "--subject", "Kick-off", "--message", "We start Monday.");
    expect(sent.code, sent.stderr).toBe(0);
    // The command has no SMTP and leaves the mail to the server, which (no SMTP in this deployment) keeps it logged.
    expect(sent.stdout).toMatch(/^Kept "Kick-off" to bruno@forgehire\.local \(email [0-9a-f-]{36}\): kept in the outbox: this site has no mail server\.$/m);

    expect((await forgehire("emails:retry")).code).toBe(exitCodes.usage);
  });

  it("db:rollback without --yes and without a terminal is refused, and the data stays", async () => {
    const refused = await forgehire("db:rollback");
    expect(refused.code).toBe(exitCodes.notConfirmed);
    expect(refused.stderr).toMatch(/^forgehire: Undo 1 migration\(s\) \(.+\)\? .*Refused without confirmation: pass --yes/);
    expect(json<unknown[]>(await forgehire("users:list", "--json")).length).toBe(6);
  });
});
