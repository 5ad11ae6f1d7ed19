import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";

const e2eDir = fileURLToPath(new URL("..", import.meta.url));
export const screenshotsDir = path.join(e2eDir, "screenshots");

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * A connection to the run's one Chromium (global-setup.ts launches it), made once per spec file (appSession in
 * session.ts makes and closes it). A Chromium per person cost a browser start (a second of CPU, more on a busy machine)
 * for each of the run's ~100 people.
 */
export function connectToChromium(): Promise<Chromium> {
  return chromium.connect(inject("e2eBrowserEndpoint"));
}

/**
 * A fresh browser context (its own cookies and storage, as a fresh profile had), as one person at one computer.
 * @param connection the spec file's connection to the run's Chromium
 * @param baseURL the server under test
 */
export async function openBrowser(connection: Chromium, baseURL: string): Promise<Browser> {
  const context = await connection.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  // A test may close a person's browser before the session closes every browser after the test: once is enough.
  let closed: Promise<void> | undefined;
  return {
    context,
    page,
    close: () => (closed ??= context.close()),
  };
}

/**
 * Saves a full-page screenshot under e2e/screenshots (git-ignored) for a person to look at.
 * @param page the page
 * @param name file name without extension
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await settleTransitions(page);
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

/**
 * A screenshot once the page is at rest: scrolled to the top (the sticky nav bar in place) and no animation running.
 * @param page the page
 * @param name file name without extension
 * @param options `fromTop: false` keeps the scroll position; `endless: "skip"` does not wait for animations that never
 *   end (a running job's progress indicators), only for the finite ones
 */
export async function shot(page: Page, name: string, { fromTop = true, endless = "wait" }: { fromTop?: boolean; endless?: "wait" | "skip" } = {}) {
  if (fromTop) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(
    (skipEndless) =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== "running" || (skipEndless && animation.effect?.getComputedTiming().iterations === Infinity)),
    endless === "skip",
  );
  await screenshot(page, name);
}

/**
 * Waits for the page's finite CSS transitions and animations to end. A button enabled a moment ago is still fading
 * from grey to its colour, and axe would measure the contrast of a colour halfway there (CI saw #447fc1 on the way
 * to #1565c0). Endless animations (spinners) are left running.
 * @param page the page
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The file preview's frame (FilePreviewDialog): its document is the uploaded file, not a screen of ours. */
const filePreviewFrame = 'iframe[title^="Preview of "]';

/** The impacts that fail a screen; minor and moderate findings are left to review. */
const blockingImpacts = new Set(["serious", "critical"]);

/**
 * Scans the page as it is with axe-core (WCAG 2.1 A and AA rules and best practices) and throws on any serious or
 * critical violation, naming the rule, its help text and the offending elements.
 * @param page the page
 * @param name the screen's name, for the message
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // The file preview's iframe shows an uploaded file, sandboxed by the file's own Content-Security-Policy: axe cannot
  // script it and waits forever for it. Excluding the frame keeps it out of axe's frame walk; the rest of the screen
  // is still scanned.
  const report = process.env.A11Y_REPORT;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).exclude(filePreviewFrame).analyze();
  const blocking = results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ""));
  // A11Y_REPORT=<file> surveys instead of failing: one JSON line per violation (any impact), for counting by rule.
  if (report) {
    for (const violation of results.violations) {
      appendFileSync(report, `${JSON.stringify({ screen: name, rule: violation.id, impact: violation.impact, nodes: violation.nodes.map(describeNode) })}\n`);
    }
    return;
  }
  if (blocking.length === 0) return;
  const lines = blocking.map((violation) => {
    const targets = violation.nodes.map((node) => `    ${describeNode(node)}`).join("\n");
    return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}`;
  });
  throw new Error(`Accessibility violations on screen "${name}":\n${lines.join("\n")}`);
}

/** An element axe found at fault (axe-core's NodeResult, which this package does not depend on directly). */
type AxeNode = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number]["nodes"][number];

/** An offending element and axe's reason, which for contrast names both colours and the ratio. */
function describeNode(node: AxeNode): string {
  const check = [...node.any, ...node.all, ...node.none][0];
  return check ? `${node.target.join(" ")}: ${check.message}` : node.target.join(" ");
}
