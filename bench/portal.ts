// The portal's page speed (issue 13, goal 7): Debian's Chromium, driven over CDP at 4× CPU throttling, loads `/`,
// `/jobs` (signed in as a demo freelancer) and a static HTML page from one `forgehire serve` on a fresh embedded
// database with the demo, and reports LCP against the static page, TBT, the gzipped JavaScript `/` loads and whether
// every asset came compressed.
//
// The static page is the landing page as a visitor sees it, frozen: the bench loads `/` once unthrottled, keeps its
// DOM and the CSS rules the page ended up with, drops every script, and drops that into the build folder beside
// index.html (precompressed by scripts/precompress.mjs, like the build's own files), so the same server sends it by
// the same code path. Same content, same fonts, no JavaScript: the ratio is what the app's code costs.
//
// Each load is cold: a new browser context (no cache, no cookies) per load. TBT follows Lighthouse: the part beyond
// 50 ms of each long task after First Contentful Paint, until Time to Interactive, the end of the last long task before
// a quiet window of 5 s with no long task.
//
//   npm run bench:portal [-- --quick] [-- --no-build]   this part alone; `npm run bench` runs it last
//   BENCH_PORTAL_TASKS=1 npm run bench:portal …          also logs each load's long tasks (start+duration, ms)
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORTAL_PORT (else a free port).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { freePort, stopChild } from "./chat-load.js";
import { markdownTable, type BenchRow } from "./rows.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..");
const portalDist = path.join(repoRoot, "portal", "dist");
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Flags that keep headless Chromium off the network and quiet on a closed machine (as the browser tests use). */
const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const CPU_SLOWDOWN = 4;
/** Lighthouse's quiet window: Time to Interactive is the end of the last long task before 5 s without one. */
const QUIET_MS = 5_000;
const FREELANCER = { email: "nova@forgehire.local", password: "freelancer-demo" };
/** Text formats the build precompresses (scripts/precompress.mjs); images and fonts are compressed already. */
const compressibleType = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/i;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** `forgehire serve` (compiled, as in production) on a fresh embedded database, which loads the demo. */
async function startProduct(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = process.env.BENCH_PORTAL_PORT ? Number(process.env.BENCH_PORTAL_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["bin/forgehire", "serve", "--no-build"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-session-secret-bench-session-secret",
      PUBLIC_URL: url,
      AUTH_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`forgehire serve exited with ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${url}/readyz`);
      await response.arrayBuffer();
      if (response.status === 200) return { child, url };
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 120_000) throw new Error(`forgehire serve not ready after 120 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The body as sent when the client accepts `acceptEncoding` ("" for none), and its Content-Encoding. */
async function fetchRaw(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "" }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Whether brotli or gzip would make this body smaller at all (a file of a few dozen bytes only grows). */
async function worthCompressing(url: string): Promise<boolean> {
  const body = await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer();
  const bytes = Buffer.from(body);
  return brotliCompressSync(bytes).length < bytes.length || gzipSync(bytes, { level: 9 }).length < bytes.length;
}

// ---- In the page ------------------------------------------------------------------------------------------------
interface PagePerf {
  lcp: number;
  longTasks: { start: number; end: number }[];
}
declare global {
  interface Window {
    __benchPerf?: PagePerf;
  }
}

/** Runs before any script of the page: observes LCP and long tasks from the navigation's start. */
function observePerformance(): void {
  const perf: PagePerf = { lcp: 0, longTasks: [] };
  window.__benchPerf = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** True once the page has loaded and no long task has run for `quietMs`. */
function quietSinceLoad(quietMs: number): boolean {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (!navigation?.loadEventEnd) return false;
  const lastTask = Math.max(0, ...(window.__benchPerf?.longTasks ?? []).map((task) => task.end));
  return performance.now() - Math.max(navigation.loadEventEnd, lastTask) >= quietMs;
}

/** The landing page as rendered, without its scripts, with the CSS rules in force inlined (CSS-in-JS inserts them). */
function frozenPage(): string {
  const rules = [...document.styleSheets].map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join("\n")).join("\n");
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  for (const node of copy.querySelectorAll("script, style, link[rel=modulepreload], link[rel=stylesheet], noscript")) node.remove();
  const style = document.createElement("style");
  style.textContent = rules;
  copy.querySelector("head")!.append(style);
  return `<!doctype html>\n${copy.outerHTML}`;
}

// ---- One load -----------------------------------------------------------------------------------------------------
interface Sent {
  url: string;
  type: string;
  mimeType: string;
  encoding: string;
  /** the body's bytes as sent (Content-Length) */
  bodyBytes: number;
}

interface Measured {
  lcp: number;
  tbt: number;
  sent: Sent[];
}

/** Blocking time after FCP: each long task's part after FCP, beyond 50 ms (Lighthouse). */
function totalBlockingTime(fcp: number, tasks: { start: number; end: number }[]): number {
  return tasks.reduce((sum, task) => (task.end <= fcp ? sum : sum + Math.max(0, task.end - Math.max(task.start, fcp) - 50)), 0);
}

async function measureOnce(browser: Browser, origin: string, pathname: string, signIn: boolean): Promise<Measured> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    await context.addInitScript(observePerformance);
    if (signIn) {
      const response = await context.request.post(`${origin}/api/auth/login`, { data: FREELANCER, headers: { origin } });
      if (response.status() !== 200) throw new Error(`signing in answered ${response.status()}: ${await response.text()}`);
    }
    const page = await context.newPage();
    // A failed hydration (markup not matching the first render) costs a second render: say so.
    page.on("console", (message) => {
      // A visitor's session check answers 401, which the browser reports as a failed resource: not a fault.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        log(`  ${pathname}: console error: ${message.text().slice(0, 1000)}`);
    });
    page.on("pageerror", (error) => log(`  ${pathname}: page error: ${error.message.slice(0, 1000)}`));
    // The renderer the measured page runs in: a same-origin page first, so throttling applies to it.
    await page.goto(`${origin}/readyz`);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const sent = new Map<string, Sent>();
    cdp.on("Network.responseReceived", (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      sent.set(event.requestId, {
        url: event.response.url,
        type: event.type ?? "",
        mimeType: event.response.mimeType,
        encoding: headers["content-encoding"] ?? "",
        bodyBytes: Number(headers["content-length"] ?? NaN),
      });
    });
    await page.goto(`${origin}${pathname}`, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(quietSinceLoad, QUIET_MS, { polling: 250, timeout: 120_000 });
    const { lcp, longTasks, fcp } = await page.evaluate(() => ({
      ...window.__benchPerf!,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    }));
    if (!lcp) throw new Error(`${pathname}: no largest-contentful-paint entry`);
    // BENCH_PORTAL_TASKS=1: the long tasks of each load, to see what blocks.
    if (process.env.BENCH_PORTAL_TASKS)
      log(
        `  ${pathname}: FCP ${fmt(fcp)} ms, LCP ${fmt(lcp)} ms, long tasks ${longTasks.map((task) => `${fmt(task.start)}+${fmt(task.end - task.start)}`).join(" ")}`,
      );
    return { lcp, tbt: totalBlockingTime(fcp, longTasks), sent: [...sent.values()].filter((entry) => entry.url.startsWith(origin)) };
  } finally {
    await context.close();
  }
}

async function measurePage(
  browser: Browser,
  origin: string,
  pathname: string,
  loads: number,
  signIn = false,
): Promise<{ lcp: number; tbt: number; sent: Sent[] }> {
  const runs: Measured[] = [];
  for (let i = 0; i < loads; i++) runs.push(await measureOnce(browser, origin, pathname, signIn));
  const result = { lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)), sent: runs.flatMap((r) => r.sent) };
  log(
    `${pathname}: LCP ${fmt(result.lcp)} ms, TBT ${fmt(result.tbt)} ms (median of ${loads}; LCPs ${runs.map((r) => fmt(r.lcp)).join(", ")}; load average ${load()})`,
  );
  return result;
}

/** Writes the frozen landing page into the build, precompressed like the rest; returns its path on the server. */
async function writeStaticPage(browser: Browser, origin: string, folder: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: "networkidle" });
    await page.locator("main h1").waitFor();
    const html = await page.evaluate(frozenPage);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "landing.html"), html);
    run(process.execPath, [path.join(repoRoot, "scripts", "precompress.mjs"), folder]);
    return `/${path.relative(portalDist, folder).split(path.sep).join("/")}/landing.html`;
  } finally {
    await context.close();
  }
}

// ---- The run ------------------------------------------------------------------------------------------------------
/**
 * Measures the portal's goal 7 and returns its rows for the bench table.
 * @param options.quick one load of each page (proves the suite works); else the median of 5
 */
export async function runPortalBench({ quick }: { quick: boolean }): Promise<BenchRow[]> {
  const loads = quick ? 1 : 5;
  if (!process.argv.includes("--no-build")) {
    log("building the portal (npm run build --workspace portal, precompressed)...");
    run("npm", ["run", "build", "--workspace", "portal"]);
    run(process.execPath, [path.join(repoRoot, "scripts", "precompress.mjs"), portalDist]);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-bench-portal-"));
  const staticFolder = path.join(portalDist, `bench-static-${process.pid}`);
  let server: { child: ChildProcess; url: string } | undefined;
  let browser: Browser | undefined;
  try {
    log(`portal: starting forgehire serve on a fresh embedded database with the demo (load average ${load()})...`);
    server = await startProduct(dataDir);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: chromiumArgs });
    const staticPath = await writeStaticPage(browser, server.url, staticFolder);

    const landing = await measurePage(browser, server.url, "/", loads);
    const jobs = await measurePage(browser, server.url, "/jobs", loads, true);
    const staticPage = await measurePage(browser, server.url, staticPath, loads);

    // The JavaScript of `/`, as sent when only gzip is accepted (the browser got brotli, smaller still).
    const scripts = [...new Set(landing.sent.filter((entry) => entry.type === "Script").map((entry) => entry.url))];
    const gzip = await Promise.all(scripts.map((url) => fetchRaw(url, "gzip")));
    const gzipBytes = gzip.reduce((sum, entry) => sum + entry.bytes, 0);
    const sentBytes = scripts.reduce((sum, url) => sum + landing.sent.find((entry) => entry.url === url)!.bodyBytes, 0);
    log(`/ loads ${scripts.length} scripts: ${fmt(gzipBytes / 1024, 1)} KiB gzipped, ${fmt(sentBytes / 1024, 1)} KiB as sent; largest:`);
    for (const [i, url] of scripts
      .map((url, i) => [i, url] as const)
      .sort(([a], [b]) => gzip[b]!.bytes - gzip[a]!.bytes)
      .slice(0, 8))
      log(`  ${fmt(gzip[i]!.bytes / 1024, 1).padStart(6)} KiB ${new URL(url).pathname}`);

    // Every asset (not the API's answers) of every load, in a format worth compressing: sent compressed, unless it is
    // so small that brotli and gzip would both make it bigger.
    const assets = [...landing.sent, ...jobs.sent, ...staticPage.sent].filter(
      (entry) => !/\/(?:api|socket\.io|readyz)(?:[/?]|$)/.test(new URL(entry.url).pathname) && compressibleType.test(entry.mimeType),
    );
    const assetUrls = [...new Set(assets.map((entry) => entry.url))];
    const plainUrls = [...new Set(assets.filter((entry) => entry.encoding !== "br" && entry.encoding !== "gzip").map((entry) => entry.url))];
    const worth = await Promise.all(plainUrls.map(worthCompressing));
    const plain = plainUrls.filter((_, i) => worth[i]).map((url) => new URL(url).pathname);
    const tiny = plainUrls.length - plain.length;
    if (plain.length) log(`  sent uncompressed: ${plain.join(", ")}`);

    const throttled = `${CPU_SLOWDOWN}× CPU throttling, cold, median of ${loads}`;
    const staticBaseline = `${fmt(staticPage.lcp)} ms (the landing page as static HTML, same server)`;
    return [
      {
        figure: "Portal: JavaScript `/` loads, gzipped",
        value: `${fmt(gzipBytes / 1024, 1)} KiB (${scripts.length} files; ${fmt(sentBytes / 1024, 1)} KiB as sent, brotli)`,
        baseline: "",
        ratio: null,
        goal: "≤ 200 KiB",
        met: gzipBytes <= 200 * 1024,
      },
      {
        figure: "Portal: assets of `/` and `/jobs` sent compressed (br or gzip)",
        value: `${assetUrls.length - plain.length} of ${assetUrls.length}${tiny ? ` (${tiny} of a few dozen bytes, which compression only grows, sent as they are)` : ""}`,
        baseline: "",
        ratio: null,
        goal: "all",
        met: plain.length === 0,
      },
      {
        figure: `Portal: LCP of \`/\`, ${throttled}`,
        value: `${fmt(landing.lcp)} ms`,
        baseline: staticBaseline,
        ratio: landing.lcp / staticPage.lcp,
        goal: "≤ 2×",
        met: landing.lcp / staticPage.lcp <= 2,
      },
      {
        figure: `Portal: LCP of \`/jobs\` (signed in), ${throttled}`,
        value: `${fmt(jobs.lcp)} ms`,
        baseline: staticBaseline,
        ratio: jobs.lcp / staticPage.lcp,
        goal: "≤ 4×",
        met: jobs.lcp / staticPage.lcp <= 4,
      },
      { figure: `Portal: TBT of \`/\`, ${throttled}`, value: `${fmt(landing.tbt)} ms`, baseline: "", ratio: null, goal: "≤ 200 ms", met: landing.tbt <= 200 },
      { figure: `Portal: TBT of \`/jobs\`, ${throttled}`, value: `${fmt(jobs.tbt)} ms`, baseline: "", ratio: null, goal: "≤ 200 ms", met: jobs.tbt <= 200 },
    ];
  } finally {
    await browser?.close();
    if (server) await stopChild(server.child);
    rmSync(staticFolder, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone (npm run bench:portal): compile the server the bench starts, then print this part's rows.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes("--no-build")) run("npm", ["run", "build:server"]);
  const rows = await runPortalBench({ quick: process.argv.includes("--quick") });
  process.stdout.write(`\n${markdownTable(rows)}\n`);
}
