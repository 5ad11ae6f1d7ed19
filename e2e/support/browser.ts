import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
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
  await expectAccessible(page, name);
}

/** The impacts that fail a screen; minor and moderate findings are left to review. */
const blockingImpacts = new Set(["serious", "critical"]);

/**
 * Scans the page as it is with axe-core (WCAG 2.1 A and AA rules and best practices) and throws on any serious or
 * critical violation, naming the rule, its help text and the offending elements.
 * @param page the page
 * @param name the screen's name, for the message
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // axe waits forever for a frame it cannot script: the file preview's iframe is sandboxed by the file's own
  // Content-Security-Policy. Screens showing one are left unscanned.
  if ((await page.locator("iframe").count()) > 0) return;
  // Colour contrast is not enforced yet: the themes were darkened for the screens surveyed, but screens of the
  // chat, job, payment and profile specs were never scanned for it. A11Y_REPORT still counts it.
  const report = process.env.A11Y_REPORT;
  const skipped = report ? [] : ["color-contrast"];
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).disableRules(skipped).analyze();
  const blocking = results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ""));
  // A11Y_REPORT=<file> surveys instead of failing: one JSON line per violation (any impact), for counting by rule.
  if (report) {
    for (const violation of results.violations) {
      appendFileSync(
        report,
        `${JSON.stringify({ screen: name, rule: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(" ")) })}\n`,
      );
    }
    return;
  }
  if (blocking.length === 0) return;
  const lines = blocking.map((violation) => {
    const targets = violation.nodes.map((node) => `    ${node.target.join(" ")}`).join("\n");
    return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}`;
  });
  throw new Error(`Accessibility violations on screen "${name}":\n${lines.join("\n")}`);
}
