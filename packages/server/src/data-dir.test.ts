import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openToOthers, recordReliability } from "@forgehire/services/testing";
import { withTemplateCopy } from "./test/postgres-admin.js";
import { callJson, signUpOver, spawnServer, type ServerProcess } from "./test/server-process.js";
import { jobBody } from "./test/factories.js";

// What a running `forgehire serve` leaves in DATA_DIR — the embedded database and its write-ahead log (on PGlite),
// the generated session secret, the uploads — is its account's alone, and a DATA_DIR another account may enter is
// refused at start, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL, where DATA_DIR keeps the secret and uploads.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");
/** Runs work on a database of its own: "" is the embedded PGlite in DATA_DIR, else a PostgreSQL URL. */
type WithDatabase = <T>(work: (databaseUrl: string) => Promise<T>) => Promise<T>;
const onPostgres: WithDatabase = (work) => withTemplateCopy(template!, work);
const databases: Array<[string, WithDatabase]> = [
  ["PGlite", (work) => work("")],
  ...(base && template ? [["PostgreSQL", onPostgres] as [string, WithDatabase]] : []),
];
const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const scratchDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "forgehire-private-"));
  dirs.push(dir);
  return dir;
};

describe.each(databases)("DATA_DIR on %s", (name, withDatabase) => {
  it("[trust-2] after `forgehire serve` creates DATA_DIR (under umask 0) and takes a signup, a job and its upload, nothing in it is open to group or others", async () => {
    const dataDir = path.join(scratchDir(), "data");
    await withDatabase(async (databaseUrl) => {
      // The harshest umask: whatever the product makes private, it makes so itself.
      const umask = process.umask(0);
      let server: ServerProcess;
      try {
        server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: "" });
      } finally {
        process.umask(umask);
      }
      servers.push(server);
      const owner = await signUpOver(server.url, "client");
      const job = await callJson(`${server.url}/api/jobs`, owner.cookie, "POST", jobBody());
      expect(job.status).toBe(201);
      const form = new FormData();
      form.append("files", new Blob([pdf]), "brief.pdf");
      const jobId = (job.body.job as { id: number }).id;
      const uploaded = await fetch(`${server.url}/api/jobs/${jobId}/files`, { method: "POST", headers: { cookie: owner.cookie }, body: form });
      expect(uploaded.status).toBe(201);

      const running = openToOthers(dataDir);
      await server.stop();
      const stopped = openToOthers(dataDir);
      process.stdout.write(
        `trust-2 (${name}): ${running.checked} + ${stopped.checked} entries of DATA_DIR checked, open: ${[...running.open, ...stopped.open].join(", ") || "none"}\n`,
      );
      recordReliability({ id: "trust-2", metric: "files checked", value: running.checked + stopped.checked, unit: "files" });
      recordReliability({ id: "trust-2", metric: "files open to group or others", value: running.open.length + stopped.open.length, unit: "files" });
      // The secret, an upload and (on PGlite) the database's files were all there to be looked at.
      expect(running.checked).toBeGreaterThanOrEqual(name === "PGlite" ? 500 : 6);
      expect(running.open).toEqual([]);
      expect(stopped.open).toEqual([]);
    });
  }, 180_000);

  it("[trust-2] `forgehire serve` refuses a DATA_DIR open to others (chmod 0755), saying how to fix it, with a non-zero exit", async () => {
    const dataDir = scratchDir();
    chmodSync(dataDir, 0o755);
    await withDatabase(async (databaseUrl) => {
      const refused = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }).then(
        (server) => {
          servers.push(server);
          return "started";
        },
        (error: Error) => error.message,
      );
      expect(refused).toMatch(/^forgehire serve exited \(2\)/);
      expect(refused).toContain(
        `forgehire: data directory "${dataDir}" has invalid permissions (0755); it must be u=rwx (0700), since it holds the embedded database, the session secret and the uploads. Fix it with: chmod 0700 "${dataDir}"`,
      );
    });
  }, 120_000);
});
