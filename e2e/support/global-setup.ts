import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { chromium } from "playwright-core";
import { migrateLatest, openDatabase } from "@forgehire/services";
import { webAppsBuilt } from "@forgehire/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database is migrated; each app server starts on a copy of its pgdata. */
    e2eDataDirTemplate: string;
    /** The run's one Chromium: each person is a fresh context in it (support/browser.ts). */
    e2eBrowserEndpoint: string;
  }
}

/**
 * Browser tests drive the built apps and Debian's Chromium: says clearly what is missing instead of timing out.
 * Then migrates one embedded database on disk for the whole run: a fresh one costs PGlite's initdb and every
 * migration (53 s measured on 2 busy cores), a copy of this one and its opening 3 s (see startAppServer).
 * And starts one Chromium for the run: the spec files connect to it and open a context per person.
 */
export default async function setup(project: TestProject) {
  if (!webAppsBuilt()) throw new Error("The web apps are not built: run `npm run build` before `npm run test:e2e`.");
  if (!existsSync(chromiumPath())) throw new Error(`Chromium not found at ${chromiumPath()}: apt-get install -y chromium`);
  const template = mkdtempSync(path.join(tmpdir(), "forgehire-e2e-template-"));
  const database = await openDatabase({ dataDir: template });
  await migrateLatest(database.knex);
  await database.close();
  project.provide("e2eDataDirTemplate", template);
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  project.provide("e2eBrowserEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    rmSync(template, { recursive: true, force: true });
  };
}

/** Flags that keep headless Chromium off the network and quiet on a closed machine. */
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}
