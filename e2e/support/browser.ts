import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumPath } from "./global-setup.js";

const e2eDir = fileURLToPath(new URL("..", import.meta.url));
const profilesDir = path.join(e2eDir, ".profiles");
export const screenshotsDir = path.join(e2eDir, "screenshots");

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

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile (its own cookies), as one person at one computer.
 * @param baseURL the server under test
 */
export async function openBrowser(baseURL: string): Promise<Browser> {
  mkdirSync(profilesDir, { recursive: true });
  const userDataDir = mkdtempSync(path.join(profilesDir, "profile-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs,
    baseURL,
    viewport: { width: 1280, height: 860 },
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Saves a full-page screenshot under e2e/screenshots (git-ignored) for a person to look at.
 * @param page the page
 * @param name file name without extension
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}
