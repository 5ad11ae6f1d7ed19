import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "@forgehire/services";
import { exitCodes } from "./exit-codes.js";
import { buildProgram } from "./program.js";
import { dataDirCopy, forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(async () => {
  dataDir = dataDirCopy("migrated", "forgehire-cli-");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("forgehire CLI", () => {
  it("reads a .env file in the working directory, and the environment wins over it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "forgehire-env-"));
    try {
      writeFileSync(path.join(dir, ".env"), "DATA_DIR=./from-dotenv\nLOG_LEVEL=silent\n");
      const bin = fileURLToPath(new URL("../../../bin/forgehire", import.meta.url));
      const { DATA_DIR: _ignored, ...env } = process.env;
      await promisify(execFile)(process.execPath, [bin, "db:migrate"], { cwd: dir, env: { ...env, DATABASE_URL: "" } });
      expect(existsSync(path.join(dir, "from-dotenv", "pgdata"))).toBe(true);

      await promisify(execFile)(process.execPath, [bin, "db:migrate"], { cwd: dir, env: { ...env, DATABASE_URL: "", DATA_DIR: "./from-env" } });
      expect(existsSync(path.join(dir, "from-env", "pgdata"))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it("users:create makes an account without prompts when every value is given", async () => {
    const result = await forgehire(
      "users:create",
      "--email",
      "Ops@Example.test",
      "--password",
      "ops-pass",
      "--first-name",
      "Op",
      "--last-name",
      "Erator",
      "--type",
      "admin",
    );
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/^Created admin ops@example\.test \(/);
  });

  it("users:list prints the accounts, as a table or as JSON", async () => {
    const table = await forgehire("users:list");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/EMAIL\s+NAME\s+TYPE/);
    expect(table.stdout).toContain("ops@example.test");
    const json = JSON.parse((await forgehire("users:list", "--json", "--type", "admin")).stdout) as Array<{ email: string; passwordHash?: string }>;
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ email: "ops@example.test" });
    expect(json[0]!.passwordHash).toBeUndefined();
  });

  it("fails with one line and exit code 5 when the email is taken", async () => {
    const result = await forgehire(
      "users:create",
      "--email",
      "ops@example.test",
      "--password",
      "ops-pass",
      "--first-name",
      "O",
      "--last-name",
      "P",
      "--type",
      "client",
    );
    expect(result.code).toBe(5);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("An account with this email already exists.");
  });

  it("asks for nothing without a terminal: missing values are an error (exit 2)", async () => {
    const result = await forgehire("users:create", "--email", "x@example.test");
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe("forgehire: Missing --password, --first-name, --last-name, --type (no terminal to ask on)");
  });

  it("validates values with the same rules as the API", async () => {
    const result = await forgehire(
      "users:create",
      "--email",
      "y@example.test",
      "--password",
      "123",
      "--first-name",
      "Y",
      "--last-name",
      "Z",
      "--type",
      "client",
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Password must be at least 6 characters");
  });

  it("has --help for every command", async () => {
    // Every registered command, each in a process of its own: help loads neither the database nor the services.
    const commands = buildProgram().commands.map((command) => command.name());
    expect(commands).toEqual(
      expect.arrayContaining([
        "admin:email",
        "stats",
        "users:show",
        "users:disable",
        "users:enable",
        "users:set-type",
        "users:send-reset",
        "jobs:unlock",
        "jobs:complete",
        "jobs:delete",
        "jobs:create",
        "jobs:breakdown",
        "freelancers:list",
        "freelancers:show",
        "payments:list",
        "emails:retry",
        "db:rollback",
        "serve",
        "users:create",
        "emails:list",
      ]),
    );
    // Four at a time: the machine is shared.
    const results: Array<Awaited<ReturnType<typeof forgehire>>> = [];
    for (let i = 0; i < commands.length; i += 4) results.push(...(await Promise.all(commands.slice(i, i + 4).map((command) => forgehire(command, "--help")))));
    results.forEach((result, i) => {
      expect(result.code, commands[i]).toBe(0);
      expect(result.stdout, commands[i]).toContain(`Usage: forgehire ${commands[i]}`);
    });
  }, 300_000);

  it("says 'run forgehire db:migrate' on a database that is not migrated, instead of SQL errors (exit 11)", async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), "forgehire-fresh-"));
    try {
      const result = await forgehireIn(fresh, "users:list");
      expect(result.code).toBe(exitCodes.notMigrated);
      expect(result.stderr.trim()).toBe("forgehire: The database is not migrated: run forgehire db:migrate");
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("db:rollback is refused without --yes and without a terminal (exit 10), and the data stays", async () => {
    const refused = await forgehire("db:rollback", "--all");
    expect(refused.code).toBe(exitCodes.notConfirmed);
    expect(refused.stderr).toContain("Refused without confirmation: pass --yes (no terminal to ask on)");
    expect(refused.stdout).toBe("");
    const users = JSON.parse((await forgehire("users:list", "--json")).stdout) as unknown[];
    expect(users).toHaveLength(1);
  });

  it("db:rollback --yes undoes ONE migration, --step N that many; then a command asks for db:migrate", async () => {
    const accounts = (await forgehire("users:list", "--json")).stdout;
    const one = await forgehire("db:rollback", "--yes");
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^Rolled back 1 migration\(s\):\n {2}\S+\n$/);
    const behind = await forgehire("users:list");
    expect(behind.code).toBe(exitCodes.notMigrated);
    expect(behind.stderr.trim()).toBe("forgehire: The database is 1 migration(s) behind: run forgehire db:migrate");
    const two = await forgehire("db:rollback", "--yes", "--step", "2");
    expect(two.stdout).toMatch(/^Rolled back 2 migration\(s\)/);
    expect((await forgehire("db:rollback", "--step", "0", "--yes")).code).toBe(exitCodes.usage);
    const again = await forgehire("db:migrate");
    expect(again.stdout).toMatch(/^Applied 3 migration\(s\)/);
    // The accounts were in tables the rollback did not touch.
    expect(JSON.parse((await forgehire("users:list", "--json")).stdout)).toEqual(JSON.parse(accounts));
  }, 180_000); // eight CLI processes, each a few seconds on a busy machine

  it("rejects an unknown command with a non-zero exit code", async () => {
    expect((await forgehire("nope")).code).not.toBe(0);
  });

  it("[rights-5] back-office commands act as the oldest admin; --as a client or a freelancer is refused by the use case (exit 3)", async () => {
    for (const type of ["admin", "client", "freelancer"]) {
      const email = `rights-${type}@example.test`;
      const created = await forgehire("users:create", "--email", email, "--password", "long-enough", "--first-name", "N", "--last-name", "M", "--type", type);
      expect(created.code, created.stderr).toBe(0);
      if (type === "admin") continue;
      for (const args of [
        ["users:list", "--as", email],
        ["users:show", email, "--as", email],
        ["emails:list", "--as", email],
        ["admin:email", "1", "--subject", "s", "--message", "m", "--as", email],
      ]) {
        const refused = await forgehire(...args);
        expect(refused.code, `${args[0]} as a ${type}`).toBe(exitCodes.forbidden);
        expect(refused.stderr.trim()).toBe("forgehire: Only admins can use the back office.");
      }
    }
    // Without --as: the oldest enabled admin, who may.
    const listed = await forgehire("users:list", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBeGreaterThanOrEqual(3);
  }, 300_000); // twelve CLI processes, each a few seconds (far more on a busy machine)

  it("refuses to open the embedded database while another process holds it (exit 9)", async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = await forgehire("users:list");
      expect(result.code).toBe(exitCodes.databaseBusy);
      expect(result.stderr).toMatch(/in use by process \d+, which does not share it/);
    } finally {
      lock.release();
    }
  });
});
