import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "@forgehire/services";
import { forgehireIn } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-cli-"));
  expect((await forgehire("db:migrate")).code).toBe(0);
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
  });


  it("users:create makes an account without prompts when every value is given", async () => {
    const result = await forgehire("users:create", "--email", "Ops@Example.test", "--password", "ops-pass", "--first-name", "Op", "--last-name", "Erator", "--type", "admin");
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/^Created admin ops@example\.test \(/);
  });

  it("users:list prints the accounts, as a table or as JSON", async () => {
    const table = await forgehire("users:list");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/EMAIL\s+NAME\s+TYPE/);
    expect(table.stdout).toContain("ops@example.test");
    const json = JSON.parse((await forgehire("users:list", "--json", "--type", "admin")).stdout) as { items: Array<{ email: string; passwordHash?: string }>; total: number };
    expect(json.total).toBe(1);
    expect(json.items[0]).toMatchObject({ email: "ops@example.test" });
    expect(json.items[0]!.passwordHash).toBeUndefined();
  });

  it("fails with one line and exit code 5 when the email is taken", async () => {
    const result = await forgehire("users:create", "--email", "ops@example.test", "--password", "ops-pass", "--first-name", "O", "--last-name", "P", "--type", "client");
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
    const result = await forgehire("users:create", "--email", "y@example.test", "--password", "123", "--first-name", "Y", "--last-name", "Z", "--type", "client");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Password must be at least 6 characters");
  });

  it("has --help for every command", async () => {
    for (const command of ["serve", "dev", "db:migrate", "db:rollback", "db:seed", "users:create", "users:list", "emails:list"]) {
      const result = await forgehire(command, "--help");
      expect(result.code, command).toBe(0);
      expect(result.stdout, command).toContain(`Usage: forgehire ${command}`);
    }
  });

  it("rejects an unknown command with a non-zero exit code", async () => {
    expect((await forgehire("nope")).code).not.toBe(0);
  });

  it("refuses to open the embedded database while another process holds it (exit 9)", async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = await forgehire("users:list");
      expect(result.code).toBe(9);
      expect(result.stderr).toMatch(/in use by process \d+/);
    } finally {
      lock.release();
    }
  });
});
