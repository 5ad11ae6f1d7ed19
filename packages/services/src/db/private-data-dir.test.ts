import { chmodSync, chownSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage, newStorageKey } from "../adapters/storage/storage.js";
import { loadConfig } from "../config.js";
import { DataDirPermissionError } from "../private-files.js";
import { listeningTcpPorts, openToOthers, recordReliability } from "../testing/index.js";
import { openDatabase, type Database } from "./database.js";
import { readSharedSocket, sharedSocketFile, type SharedPGlite } from "./shared-pglite.js";

// DATA_DIR holds the embedded database (password hashes, and the write-ahead log of every recent write), the session
// secret and the uploads: nothing in it is for another local account. These are PGlite's by nature.
const NOBODY = 65534;
const mode = (file: string) => lstatSync(file).mode & 0o777;
const scratch: string[] = [];
const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
/** A DATA_DIR path of at least `length` characters, not yet created. */
const longDataDir = (length: number) => {
  const base = scratchDir("forgehire-long-");
  return path.join(base, "d".repeat(Math.max(1, length - base.length - 1)));
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** The DataDirPermissionError `work` throws (fails the test when it throws nothing, or something else). */
async function refusal(work: () => unknown): Promise<DataDirPermissionError> {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirPermissionError);
    return error as DataDirPermissionError;
  }
  throw new Error("accepted");
}

describe("the embedded database shared with a long DATA_DIR", () => {
  let dataDir: string;
  let database: Database;
  let shared: SharedPGlite;
  let portsBefore: number[];

  beforeAll(async () => {
    dataDir = longDataDir(120);
    database = await openDatabase({ dataDir });
    portsBefore = listeningTcpPorts();
    shared = await database.share!();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("[trust-1] a DATA_DIR of 120 characters shares over a unix socket in a private directory of its own, and opens no TCP port", async () => {
    expect(dataDir.length).toBeGreaterThanOrEqual(120);
    const newPorts = listeningTcpPorts().filter((port) => !portsBefore.includes(port));
    recordReliability({ id: "trust-1", metric: "TCP ports opened to share the database", value: newPorts.length, unit: "ports" });
    expect(newPorts).toEqual([]);

    const { host, port } = shared.address;
    expect(path.isAbsolute(host)).toBe(true);
    expect(host.startsWith(dataDir)).toBe(false);
    const dir = lstatSync(host);
    expect(dir.isDirectory()).toBe(true);
    expect(dir.uid).toBe(process.getuid!());
    expect(dir.mode & 0o777).toBe(0o700);
    const socket = path.join(host, `.s.PGSQL.${port}`);
    expect(lstatSync(socket).isSocket()).toBe(true);
    expect(mode(socket)).toBe(0o600);
    // The CLI finds it through the socket file, which only DATA_DIR's owner reads.
    expect(mode(sharedSocketFile(dataDir))).toBe(0o600);
    expect(JSON.parse(readFileSync(sharedSocketFile(dataDir), "utf8"))).toEqual(shared.address);
    expect(readSharedSocket(dataDir, process.pid)).toEqual(shared.address);

    const client = new pg.Client({ host, port, user: "postgres", database: "postgres" });
    await client.connect();
    try {
      expect((await client.query<{ n: number }>("select 41 + 1 as n")).rows[0]!.n).toBe(42);
    } finally {
      await client.end();
    }
  });

  it("[trust-1] a CLI refuses a published socket directory another account could have planted or may enter", async () => {
    const { host } = shared.address;
    try {
      chmodSync(host, 0o755);
      expect((await refusal(() => readSharedSocket(dataDir, process.pid))).message).toMatch(
        /socket directory ".*", published by the server .*, has invalid permissions \(0755\)/,
      );
      chmodSync(host, 0o700);
      chownSync(host, NOBODY, NOBODY);
      expect((await refusal(() => readSharedSocket(dataDir, process.pid))).message).toMatch(/has wrong ownership \(uid 65534\)/);
    } finally {
      chownSync(host, process.getuid!(), process.getgid!());
      chmodSync(host, 0o700);
    }
    expect(readSharedSocket(dataDir, process.pid)).toEqual(shared.address);
  });

  it("[trust-1] stopping the share removes its directory and socket file", async () => {
    const { host } = shared.address;
    await shared.stop();
    expect(existsSync(host)).toBe(false);
    expect(existsSync(sharedSocketFile(dataDir))).toBe(false);
    // Shared again for the close in afterAll, and a new directory is made.
    shared = await database.share!();
    expect(shared.address.host).not.toBe(host);
  });
});

describe("DATA_DIR and what is written in it", () => {
  it("[trust-2] a DATA_DIR the product creates is 0700, and PGlite's files in it are private once it is open", async () => {
    const dataDir = path.join(scratchDir("forgehire-fresh-"), "nested", "data");
    const database = await openDatabase({ dataDir });
    try {
      expect(mode(dataDir)).toBe(0o700);
      await database.knex.raw("create table probe (secret text)");
      await database.knex("probe").insert({ secret: "hash" });
      await database.knex.raw("checkpoint");
    } finally {
      await database.close();
    }
    const walk = openToOthers(dataDir);
    expect(walk.checked).toBeGreaterThan(500);
    expect(walk.open).toEqual([]);
  });

  it("[trust-2] a data dir made before this fix (PGlite's files 0666, folders 0755) is tightened when opened", async () => {
    const dataDir = scratchDir("forgehire-old-");
    const pgdata = path.join(dataDir, "pgdata");
    await (await openDatabase({ dataDir })).close();
    const loosen = (entry: string) => {
      const stats = lstatSync(entry);
      chmodSync(entry, stats.isDirectory() ? 0o755 : 0o666);
    };
    const walkAll = (entry: string, visit: (entry: string) => void) => {
      visit(entry);
      if (lstatSync(entry).isDirectory()) for (const name of readdirSync(entry)) walkAll(path.join(entry, name), visit);
    };
    walkAll(pgdata, loosen);
    expect(openToOthers(dataDir).open.length).toBeGreaterThan(500);
    const database = await openDatabase({ dataDir });
    try {
      expect(openToOthers(dataDir).open).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("[trust-2] a DATA_DIR open to group or others, or owned by another account, refuses the database and the generated secret", async () => {
    const dataDir = scratchDir("forgehire-open-");
    chmodSync(dataDir, 0o755);
    const open = await refusal(() => openDatabase({ dataDir }));
    expect(open.message).toBe(
      `data directory "${dataDir}" has invalid permissions (0755); it must be u=rwx (0700), since it holds the embedded database, the session secret and the uploads. Fix it with: chmod 0700 "${dataDir}"`,
    );
    expect((await refusal(() => loadConfig({ DATA_DIR: dataDir }))).message).toBe(open.message);
    chmodSync(dataDir, 0o750);
    expect((await refusal(() => openDatabase({ dataDir }))).message).toMatch(/has invalid permissions \(0750\)/);
    chmodSync(dataDir, 0o700);
    chownSync(dataDir, NOBODY, NOBODY);
    expect((await refusal(() => openDatabase({ dataDir }))).message).toMatch(/has wrong ownership \(uid 65534\)/);
    // Nothing was written into it.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("[trust-2] uploads on the local disk are 0600 in 0700 folders, whatever the process's umask", async () => {
    const root = path.join(scratchDir("forgehire-uploads-"), "uploads");
    const storage = createDiskStorage(root);
    const key = newStorageKey("jobs/7", "pdf");
    const umask = process.umask(0);
    try {
      await storage.write(key, Readable.from([Buffer.from("%PDF-1.4 secret")]), "application/pdf");
    } finally {
      process.umask(umask);
    }
    const walk = openToOthers(root);
    expect(walk.checked).toBe(4);
    expect(walk.open).toEqual([]);
  });

  it("[trust-2] the generated session secret is 0600", () => {
    const dataDir = path.join(scratchDir("forgehire-secret-"), "data");
    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "session-secret"))).toBe(0o600);
  });
});
